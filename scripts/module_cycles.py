#!/usr/bin/env python3
"""File-level import cycles in the workspace's crates, read straight from the sources.

No cargo plugin needed: for every crate root (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`,
`tests/*.rs`, `tests/*/main.rs`, `benches/*.rs`) the script walks the `mod` declarations to
map modules to files, then reads every `use` declaration and every `crate::`/`super::`/
`self::`/child-module path in the code and draws an edge to every file the path goes
through: the file where its last name is found, whether that file defines it or only brings
it in with a `use` (a re-export), and, following that `use`, each file on the way to the one
that defines it. So `crate::strategy::Strategy` imports both `strategy/mod.rs`, which
re-exports it, and `strategy/traits.rs`, which defines it; and `super::session::RefereeKind`
imports `session.rs` even when `session.rs` only re-exports another crate's type. Declaring
a child (`mod x;`) is not an edge. A cycle is a set of files each of which imports, directly
or through the others, a file that imports it back. The script checks itself on two small
made-up crates before it reads the workspace (`--self-test` runs only that).

    python3 scripts/module_cycles.py            # every crate under crates/
    python3 scripts/module_cycles.py crates/hangman
    python3 scripts/module_cycles.py --self-test

Exits 1 when a cycle exists, naming the files and the edges between them. Edges listed in
`scripts/module_cycles.allow` (`from.rs -> to.rs`, one a line, `#` comments) are known debts
left out of the search, so CI fails on every new cycle; an entry whose edge is gone, or that
no longer closes a cycle, fails too, so the list only shrinks.
"""

import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
ITEM_DEF = re.compile(
    r"\b(?:fn|struct|enum|trait|type|const|static|union|mod|macro_rules!)\s+(r#)?(" + IDENT + r")"
)


def strip(text):
    """The source without comments, string and char literal contents."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and not re.match(r"\w", text[i - 1:i] or " "):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'":
            m = re.match(r"'(\\.|\\u\{[0-9a-fA-F]+\}|\\x[0-9a-fA-F]{2}|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e as f}}` -> [['a','b'], ['a','c','d'], ['a','c','e']] (paths only)."""
    tree = re.sub(r"\s+as\s+" + IDENT, "", tree)
    tree = re.sub(r"\s+", "", tree)

    def parse(s, prefix):
        paths, depth, start = [], 0, 0
        parts = []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for part in parts:
            if not part:
                continue
            brace = part.find("{")
            if brace >= 0:
                head = [p for p in part[:brace].split("::") if p]
                paths += parse(part[brace + 1:part.rfind("}")], prefix + head)
            else:
                segs = [p for p in part.split("::") if p]
                paths.append(prefix + segs)
        return paths

    return parse(tree, [])


class Module:
    def __init__(self, path, file, parent):
        self.path, self.file, self.parent = path, file, parent
        self.children = {}


class Crate:
    def __init__(self, root):
        self.root = root
        self.files = {}  # file -> stripped text
        self.modules = {}  # module path tuple -> Module
        self.file_module = {}  # file -> Module (the file's own module)
        self.load(root, (), None, os.path.dirname(root), True)

    def load(self, file, path, parent, dirname, owns_dir):
        if file in self.files or not os.path.exists(file):
            return
        text = strip(open(file, encoding="utf-8").read())
        self.files[file] = text
        module = Module(path, file, parent)
        self.modules[path] = module
        self.file_module[file] = module
        # Children live in `dirname` for roots and mod.rs files, else in `dir/stem/`.
        child_dir = dirname if owns_dir else os.path.join(dirname, os.path.splitext(os.path.basename(file))[0])
        self.load_children(text, module, child_dir, file)

    def load_children(self, text, module, child_dir, file):
        for m in re.finditer(r'(#\[path\s*=\s*""\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+(' + IDENT + r")\s*;", text):
            name = m.group(2)
            raw = open(file, encoding="utf-8").read()
            pm = re.search(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+' + name + r"\s*;", raw)
            if pm:
                target = os.path.normpath(os.path.join(os.path.dirname(file) if child_dir == os.path.dirname(file) else child_dir, pm.group(1)))
                if not os.path.exists(target):
                    target = os.path.normpath(os.path.join(os.path.dirname(file), pm.group(1)))
                owns = os.path.basename(target) == "mod.rs"
                self.load(target, module.path + (name,), module, os.path.dirname(target), owns)
            else:
                flat = os.path.join(child_dir, name + ".rs")
                nested = os.path.join(child_dir, name, "mod.rs")
                if os.path.exists(flat):
                    self.load(flat, module.path + (name,), module, child_dir, False)
                elif os.path.exists(nested):
                    self.load(nested, module.path + (name,), module, os.path.join(child_dir, name), True)
                else:
                    continue
            if module.path + (name,) in self.modules:
                module.children[name] = self.modules[module.path + (name,)]
        # Inline modules (`mod tests { ... }`) belong to their file.
        for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", text):
            name = m.group(1)
            if name not in module.children:
                inline = Module(module.path + (name,), module.file, module)
                self.modules[inline.path] = inline
                module.children[name] = inline

    def scopes(self, file):
        """(module, text) for the file's own module and each inline module in it."""
        text = self.files[file]
        out = []

        def carve(text, module):
            rest, pos = [], 0
            for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", text):
                if m.start() < pos:
                    continue
                depth, k = 1, m.end()
                while k < len(text) and depth:
                    depth += {"{": 1, "}": -1}.get(text[k], 0)
                    k += 1
                rest.append(text[pos:m.start()])
                inner = module.children.get(m.group(1))
                if inner is not None and inner.file == file:
                    carve(text[m.end():k - 1], inner)
                pos = k
            rest.append(text[pos:])
            out.append((module, "".join(rest)))

        carve(text, self.file_module[file])
        return out

    def uses(self, text):
        """Every `use` tree path and module-qualified path in `text`."""
        found = []
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            found += expand_use(m.group(1))
        code = re.sub(r"\buse\s+[^;]+;", "", text)
        for m in re.finditer(r"(?<![\w:])((?:" + IDENT + r"::)+" + IDENT + ")", code):
            found.append(m.group(1).split("::"))
        return found

    def resolve(self, module, segs, seen=None):
        """The files a path `segs` from `module` imports: the file where its last name is
        found (defined, or brought in by a `use`, a re-export included) and, through each
        `use` of that name, the files along the way to the one that defines it. Empty when
        the path leaves the crate at once."""
        seen = seen or set()
        key = (module.path, tuple(segs))
        if key in seen or not segs:
            return set()
        seen.add(key)
        head, rest = segs[0], segs[1:]
        if head == "crate":
            start = self.modules[()]
        elif head == "self":
            start = module
        elif head == "super":
            start = module.parent or module
            while rest and rest[0] == "super":
                start, rest = start.parent or start, rest[1:]
        elif head in module.children:
            start, rest = module, segs
        else:
            return set()
        mod = start
        while rest and rest[0] in mod.children:
            mod, rest = mod.children[rest[0]], rest[1:]
        found = {mod.file}
        if not rest or rest == ["*"] or rest[0] == "self":
            return found
        name = rest[0]
        text = self.files[mod.file]
        if re.search(r"\b(?:fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+" + re.escape(name) + r"\b", text):
            return found
        # The name is the file's own import (a re-export or a private `use` a child sees):
        # the path imports this file, and through it whatever that `use` names.
        scope = self.file_module[mod.file]
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            for path in expand_use(m.group(1)):
                if path and path[-1] == name:
                    return found | self.resolve(scope, path, seen)
                if path and path[-1] == "*":
                    through = self.resolve(scope, path[:-1] + [name], seen)
                    if through - self.resolve(scope, path[:-1], set(seen)):
                        return found | through
        return found


def crate_roots(base):
    roots = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = [d for d in dirnames if d not in ("target", ".git", "snapshots", "fixtures")]
        rel = os.path.relpath(dirpath, base).split(os.sep)
        for f in filenames:
            full = os.path.join(dirpath, f)
            if rel[-1] == "src" and f in ("lib.rs", "main.rs"):
                roots.append(full)
            elif len(rel) >= 2 and rel[-2:] == ["src", "bin"] and f.endswith(".rs"):
                roots.append(full)
            elif rel[-1] in ("tests", "benches") and f.endswith(".rs"):
                roots.append(full)
            elif len(rel) >= 2 and rel[-2] in ("tests", "benches") and f == "main.rs":
                roots.append(full)
    return sorted(roots)


def cycles_of(graph):
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return out


ALLOW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "module_cycles.allow")


def read_allow(path):
    allowed = set()
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.split("#", 1)[0].strip()
            if line:
                a, b = (x.strip() for x in line.split("->"))
                allowed.add((a, b))
    return allowed


def file_graph(root):
    """The crate rooted at `root` and its files' import edges."""
    crate = Crate(root)
    graph = {f: set() for f in crate.files}
    for file in crate.files:
        for module, text in crate.scopes(file):
            for segs in crate.uses(text):
                graph[file] |= crate.resolve(module, segs) - {file}
    return graph


# Made-up crates, each file's text by name, and the cycle the check must find in each (or
# none). The first is the circle the check once missed: `round.rs` takes `Kind` through
# `session.rs`, which only re-exports it from another crate, while `session.rs` uses
# `round.rs`.
SELF_TESTS = [
    (
        {
            "lib.rs": "mod round;\nmod session;\n",
            "session.rs": "pub use other::Kind;\nuse crate::round::Round;\n",
            "round.rs": "use super::session::Kind;\npub struct Round(Kind);\n",
        },
        ["round.rs", "session.rs"],
    ),
    # A child naming its parent's re-export of a sibling's item, while the parent re-exports
    # the child: a circle through `mod.rs`.
    (
        {
            "lib.rs": "mod play;\n",
            "play/mod.rs": "mod app;\nmod traits;\npub use app::App;\npub use traits::Tr;\n",
            "play/traits.rs": "pub trait Tr {}\n",
            "play/app.rs": "use super::Tr;\npub struct App;\nimpl Tr for App {}\n",
        },
        ["play/app.rs", "play/mod.rs"],
    ),
    # The same child naming the sibling that defines the item: no circle.
    (
        {
            "lib.rs": "mod play;\n",
            "play/mod.rs": "mod app;\nmod traits;\npub use app::App;\npub use traits::Tr;\n",
            "play/traits.rs": "pub trait Tr {}\n",
            "play/app.rs": "use super::traits::Tr;\npub struct App;\nimpl Tr for App {}\n",
        },
        [],
    ),
]


def self_test():
    """Runs the check on `SELF_TESTS`; returns the failures' descriptions."""
    import tempfile

    failures = []
    for files, expected in SELF_TESTS:
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "src")
            for name, text in files.items():
                path = os.path.join(src, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as out:
                    out.write(text)
            found = [
                sorted(os.path.relpath(f, src) for f in component)
                for component in cycles_of(file_graph(os.path.join(src, "lib.rs")))
            ]
            want = [expected] if expected else []
            if found != want:
                failures.append(f"{sorted(files)}: found cycles {found}, expected {want}")
    return failures


def main(bases):
    failures = self_test()
    for failure in failures:
        print(f"self-test failed: {failure}")
    if failures or bases == ["--self-test"]:
        return 1 if failures else 0
    status, total_files, total_edges = 0, 0, 0
    allowed, used = read_allow(ALLOW), set()
    for base in bases:
        for root in crate_roots(base):
            graph = file_graph(root)
            total_files += len(graph)
            total_edges += sum(len(v) for v in graph.values())
            full_cycles = cycles_of(graph)
            in_cycle = {f for component in full_cycles for f in component}
            for a, b in allowed:
                if a in graph and b in graph.get(a, ()) and a in in_cycle and b in in_cycle:
                    graph[a].discard(b)
                    used.add((a, b))
            for component in cycles_of(graph):
                status = 1
                print(f"cycle in the crate rooted at {root}:")
                for a in component:
                    for b in sorted(graph[a]):
                        if b in component:
                            print(f"    {a} -> {b}")
    for a, b in sorted(allowed - used):
        status = 1
        print(f"stale entry in {ALLOW}: {a} -> {b} (no such edge in a cycle; remove it)")
    print(f"{total_files} files, {total_edges} file-level import edges, {len(used)} allowed")
    if status == 0:
        print("acyclic: no file imports a file that imports it")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["crates"]))
