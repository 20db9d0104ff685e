import sys

from mele.engine.cli import main

sys.exit(main())
