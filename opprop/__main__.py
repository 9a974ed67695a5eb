from opprop.cli.main import main

raise SystemExit(main())
