from parity.cli import main

raise SystemExit(main())
