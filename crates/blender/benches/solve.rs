//! Rack queries and the entire list of games on the embedded list.

use std::hint::black_box;

use blender::{Dictionary, MIN_WORD, Rack};
use criterion::{Criterion, criterion_main};
use lexicon::Lexicon;

fn bench(c: &mut Criterion) {
    let dict = Dictionary::new(&Lexicon::embedded(), None);
    let racks: Vec<Rack> = ["silent", "garden", "teaser", "abcdef", "banana", "strict"]
        .iter()
        .map(|r| Rack::parse(r).unwrap())
        .collect();
    c.bench_function("rack query (6 letters, embedded list)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % racks.len();
            black_box(dict.solve(black_box(&racks[i]), MIN_WORD).len())
        })
    });
    let twelve = Rack::parse("abcdefghijkl").unwrap();
    c.bench_function("rack query (12 distinct letters)", |b| {
        b.iter(|| black_box(dict.solve(black_box(&twelve), MIN_WORD).len()))
    });
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    group.bench_function("all games of the embedded list", |b| {
        b.iter(|| black_box(dict.games().len()))
    });
    group.finish();
}

/// The benchmark group (`criterion_group!` defines an undocumented public function).
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
criterion_main!(group::benches);
