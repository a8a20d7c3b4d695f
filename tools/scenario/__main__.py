import sys

from tools.scenario.run import main

sys.exit(main())
