"""`python -m benchmarks [--runs N] [--json]`: see benchmarks/measure_all.py."""

import sys

from benchmarks.measure_all import main

sys.exit(main())
