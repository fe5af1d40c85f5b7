//! Compiles the card data under `cards/` into the binary.
//!
//! Every YAML file is read with the same model the library uses (`src/cards/model.rs`),
//! so a malformed file fails the build with its path, line and column; the files are
//! then stored as postcard bytes for the library to decode on first use. The full checks
//! (faces, duplicates) run in the test suite, which loads the same files.

#[path = "src/cards/ability.rs"]
#[allow(dead_code)]
mod ability;

#[path = "src/cards/files.rs"]
mod files;

#[path = "src/cards/model.rs"]
#[allow(dead_code)]
mod model;

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=cards");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let paths = files::card_files(&root);
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
    // What `dmlint --version` names the card data by: how many files, and a digest of
    // their content as compiled (64-bit FNV-1a), which changes with any card or encoding.
    let digest = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    println!(
        "cargo::rustc-env=DMLINT_CARD_DATA={} card files, digest {digest:016x}",
        paths.len()
    );
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("pool.bin");
    std::fs::write(&out, bytes).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
