#!/usr/bin/env python3
"""Replaces README.md's block between `<!-- NAME:begin ... -->` and `<!-- NAME:end -->` with a
file's text, the begin marker saying who wrote it, so that no figure in the README is copied by
hand (Scripts/figures.sh, Scripts/readme-sample.sh).

    Scripts/readme_block.py NAME "WHO WROTE IT" FILE
"""
import re
import sys

name, writer, path = sys.argv[1:4]
body = open(path).read().rstrip("\n")
block = "<!-- %s:begin (%s; do not edit) -->\n%s\n<!-- %s:end -->" % (name, writer, body, name)
text = open("README.md").read()
new, n = re.subn(r"<!-- %s:begin.*?<!-- %s:end -->" % (name, name), lambda m: block, text, flags=re.S)
if n != 1:
    sys.exit("README.md has no %s:begin/%s:end markers" % (name, name))
open("README.md", "w").write(new)
