"""`python -m benchmarks [--runs N] [--json]`: see benchmarks/report.py."""

import sys

from benchmarks.report import main

sys.exit(main())
