#!/usr/bin/env python3
"""Module-level import cycles of a crate, from `cargo modules dependencies`.

cargo-modules (0.27 supports Rust 1.95: `cargo install cargo-modules --version 0.27.0
--locked`) draws every item and its "uses" edges (from `use` declarations and item
signatures, resolved to where each item is defined). Its own `--acyclic` flag works on
items, so a type and a method returning it already count as a cycle. This script collapses
every item to the module that defines it and reports the strongly connected components of
the module graph: a module that uses another which (directly or through others) uses it back.

    cargo modules dependencies --package hangman --lib --no-externs --no-sysroot \\
        > /tmp/hangman.dot
    python3 scripts/module_cycles.py /tmp/hangman.dot

Add `--cfg-test` to the first command to include the unit-test modules. Exits 1 when a
cycle exists.
"""

import re
import sys


def main(path):
    text = open(path, encoding="utf-8").read()
    kinds = dict(re.findall(r'^\s*"([^"]+)" \[label=.*?\]; // "(\w+)" node', text, re.M))
    modules = {name for name, kind in kinds.items() if kind in ("mod", "crate")}

    def module_of(name):
        while name not in modules:
            name = name.rsplit("::", 1)[0]
        return name

    edges = set()
    for a, b in re.findall(r'^\s*"([^"]+)" -> "([^"]+)" \[label="uses"', text, re.M):
        if b in kinds and module_of(a) != module_of(b):
            edges.add((module_of(a), module_of(b)))
    graph = {m: sorted(b for a, b in edges if a == m) for m in modules}

    # Tarjan's strongly connected components, iteratively.
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
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
                        cycles.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(graph[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])

    print(f"{len(modules)} modules, {len(edges)} module-level uses edges")
    if not cycles:
        print("acyclic: no module uses another that uses it back")
        return 0
    for component in cycles:
        print("cycle among:", ", ".join(component))
        for a, b in sorted(edges):
            if a in component and b in component:
                print(f"    {a} -> {b}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
