"""Make confusables-fold.txt (beside this file) from the confusables.json of the confusable_homoglyphs package:

    python guesswho_apps/data/make_confusables_fold.py PATH/TO/confusable_homoglyphs/confusables.json

That file lists, for every line ``source ; prototype`` of Unicode's confusables.txt, the pair in both directions
(with left-to-right marks around right-to-left text, dropped here); the pairs form stars around each prototype.
The header of confusables-fold.txt (its source and licences) is kept as it is.
"""

import collections
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "confusables-fold.txt"


def prototypes(data: dict) -> dict:
    """{character: its prototype} from confusables.json's pairs."""
    pairs = collections.defaultdict(set)
    for key, found in data.items():
        for entry in found:
            a, b = key.replace("\u200e", ""), entry["c"].replace("\u200e", "")
            if a != b:
                pairs[a].add(b)
                pairs[b].add(a)
    seen, out = set(), {}
    for start in sorted(pairs):
        if start in seen:
            continue
        stack, star = [start], []
        seen.add(start)
        while stack:
            u = stack.pop()
            star.append(u)
            for w in pairs[u] - seen:
                seen.add(w)
                stack.append(w)
        centre = [x for x in star if len(pairs[x]) > 1] or [x for x in star if len(x) > 1]
        if len(centre) > 1:
            raise ValueError(f"not one prototype with its look-alikes: {star}")
        proto = centre[0] if centre else min(star, key=lambda s: (not s.isascii(), s))
        out.update({x: proto for x in star if x != proto and len(x) == 1})
    for _ in range(10):                      # a prototype's own characters mapped too, to a fixed point
        done = {k: "".join(out.get(c, c) for c in v) for k, v in out.items()}
        if done == out:
            return {k: v for k, v in out.items() if k != v}
        out = done
    raise ValueError("the prototypes do not settle: a cycle in the data")


def main(source: str):
    table = prototypes(json.loads(Path(source).read_text(encoding="utf-8")))
    header = "".join(line for line in OUT.read_text(encoding="utf-8").splitlines(keepends=True)
                     if line.startswith("#"))
    def code(s):
        return " ".join(f"{ord(c):04X}" for c in s)
    rows = "".join(f"{code(k)}\t{code(table[k])}\n" for k in sorted(table, key=ord))
    OUT.write_text(header + rows, encoding="utf-8", newline="\n")
    print(f"{len(table)} characters written to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
