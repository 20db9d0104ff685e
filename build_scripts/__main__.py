import sys

from build_scripts.steps import main

sys.exit(main(sys.argv[1:]))
