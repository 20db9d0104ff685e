import sys

from mele.build_scripts.steps import main

sys.exit(main(sys.argv[1:]))
