#!/usr/bin/env python3
"""Turns a terminal capture (tmux capture-pane -e -p) into an HTML page, to
screenshot with headless Chromium. Handles the SGR codes the tool prints."""
import html, re, sys

COLOURS = {90: "#7f7f7f", 91: "#ff5555", 92: "#50fa7b", 93: "#f1fa8c",
           94: "#6b9bff", 95: "#ff79c6", 96: "#8be9fd", 97: "#ffffff"}
bold, colour, out = False, None, []
for part in re.split(r"(\x1b\[[0-9;]*m)", sys.stdin.read().rstrip() + "\n"):
    m = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
    if m:
        for code in [int(c or 0) for c in m.group(1).split(";")]:
            if code == 0: bold, colour = False, None
            elif code == 1: bold = True
            elif code == 39: colour = None
            elif code in COLOURS: colour = COLOURS[code]
        continue
    if part:
        style = ("font-weight:bold;" if bold else "") + (f"color:{colour};" if colour else "")
        out.append(f'<span style="{style}">{html.escape(part)}</span>')
print('<html><body style="margin:0;background:#1e1e2e"><pre style="margin:0;padding:16px;'
      'color:#e0e0e0;font:15px/1.35 DejaVu Sans Mono,monospace">' + "".join(out) + "</pre></body></html>")
