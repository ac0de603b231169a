//! Paths as the user reads them: `rules/../output/rules.pdf` printed as
//! `output/rules.pdf`. The tool joins paths as it finds them (the settings'
//! `out = "../output"` onto their folder `rules/`); what it prints is the
//! same path without its `.` and `..` steps. Display only: files are
//! still opened by the path as joined.

use std::path::{Component, Path, PathBuf};

/// `path` without `.` components, and with each `..` taken back against
/// the folder before it; lexically, reading the disk only to keep a `..`
/// after a symbolic link (`link/..` is the link's target's parent, not
/// the folder the link is in). A relative path stays relative; an empty
/// one is `.`.
pub fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    // Whether `out` ends with a folder's name that a `..` may take back.
    let mut names = 0usize;
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if names > 0 && !is_symlink(&out) {
                    out.pop();
                    names -= 1;
                } else if !out.has_root() || names > 0 {
                    // `..` above the start of a relative path, or after a
                    // link, stays; at the root, `/..` is `/`.
                    out.push("..");
                    names = 0;
                }
            }
            Component::Normal(name) => {
                out.push(name);
                names += 1;
            }
            Component::RootDir | Component::Prefix(_) => out.push(c.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// [`normal`], as text to print.
pub fn shown(path: &Path) -> String {
    normal(path).display().to_string()
}

fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_go_and_each_parent_takes_back_a_folder() {
        for (path, expected) in [
            ("rules/../output/rules.pdf", "output/rules.pdf"),
            ("./../output", "../output"),
            ("./rules/./rules.md", "rules/rules.md"),
            ("a/b/../../c", "c"),
            ("a/../..", ".."),
            ("../../x", "../../x"),
            ("a/b/../../../x", "../x"),
            (".", "."),
            ("./", "."),
            ("", "."),
            ("a/..", "."),
            ("/a/../b", "/b"),
            ("/../b", "/b"),
            ("output/", "output"),
        ] {
            assert_eq!(shown(Path::new(path)), expected, "{path}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_parent_after_a_symbolic_link_stays() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real/inner");
        std::fs::create_dir_all(&real).unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let through = link.join("../out");
        assert_eq!(normal(&through), through);
        // A parent after a real folder still goes.
        assert_eq!(
            normal(&dir.path().join("real/inner/../out")),
            dir.path().join("real/out")
        );
    }
}
