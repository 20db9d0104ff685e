"""Constants, builds and helpers the tests share (no tests here): site.py outside a browser,
browser.py for the browser tests, offline.py for the offline copy, node.py for Node scripts."""
