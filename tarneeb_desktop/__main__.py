"""Entry point for `python -m tarneeb_desktop`."""

from tarneeb_desktop.cli import main

raise SystemExit(main())
