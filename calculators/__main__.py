import sys

from calculators.cli import main

sys.exit(main())
