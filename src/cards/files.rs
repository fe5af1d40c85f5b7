//! The card files under `cards/`, in the order they load: `core.yaml`, the sets, then
//! the ability files that overlay them. `build.rs` includes this file too (it compiles
//! the same files into the binary), so it uses nothing but std.

use std::path::{Path, PathBuf};

/// Every card file below `root` (the `cards/` folder), in load order. A folder that
/// cannot be read contributes nothing: the caller then misses its cards, loudly.
pub fn card_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("core.yaml")];
    // Ability files come after the sets: each overlays the cards of one set.
    for folder in ["sets", "abilities"] {
        let mut yaml: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        yaml.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
        yaml.sort();
        files.extend(yaml);
    }
    files
}
