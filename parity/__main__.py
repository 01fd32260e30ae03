from parity.cli.main import main

raise SystemExit(main())
