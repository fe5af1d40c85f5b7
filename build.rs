//! Compiles the card data under `cards/` into the binary.
//!
//! Every YAML file is read with the same model the library uses (`src/cards/model.rs`),
//! so a malformed file fails the build with its path, line and column; the files are
//! then stored as postcard bytes for the library to decode on first use. The full checks
//! (faces, duplicates) run in the test suite, which loads the same files.

#[path = "src/cards/ability.rs"]
#[allow(dead_code)]
mod ability;

#[path = "src/cards/model.rs"]
#[allow(dead_code)]
mod model;

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=cards");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut paths: Vec<PathBuf> = vec![root.join("core.yaml")];
    let mut sets: Vec<PathBuf> = std::fs::read_dir(root.join("sets"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    sets.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    sets.sort();
    paths.extend(sets);
    // Ability files come after the sets: each overlays the cards of one set.
    let mut encoded: Vec<PathBuf> = std::fs::read_dir(root.join("abilities"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    encoded.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    encoded.sort();
    paths.extend(encoded);
    let mut files = Vec::new();
    for path in &paths {
        println!("cargo::rerun-if-changed={}", path.display());
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file: model::CardFile =
            serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        files.push(file);
    }
    let bytes = postcard::to_allocvec(&files).expect("card files serialize");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("pool.bin");
    std::fs::write(&out, bytes).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
