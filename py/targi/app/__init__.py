"""The page's logic without the DOM: sessions, storage, share links, words and HTML.

Everything here runs in CPython (tests) and in Pyodide (the page, through web/main.py). It holds
no rules: it asks the engine (`targi.Game`, `targi.view.view`) what is legal and what happened.
"""
