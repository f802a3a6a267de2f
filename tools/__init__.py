"""The build's parts, one job a module; `build.py` at the repository root is the front door.

paths (folders, logging, running commands), wheel (the site's wheel), npm (the pinned Pyodide
and PyScript), site (assembling site/), sw (the service worker from sw.js), serve (the local
server), browser (finding or installing Chromium), testrun (`build.py test`), bench
(`build.py bench`). The package is named `tools`, not `build`, so that PyPA's `build` can never
shadow it. See docs/build.md.
"""
