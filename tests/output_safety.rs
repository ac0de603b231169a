//! The output folder is the only place the tool writes, reads back or
//! deletes: symbolic links, FIFOs and devices inside it are never followed
//! or read, a failed run changes nothing, one run at a time holds it,
//! temporary files of a killed run are cleared, and the switch a killed run
//! committed to is finished inside the folder only.

use std::collections::BTreeSet;
use std::fs;
use std::os::unix::fs::symlink;

use chess_kit_docs::output::{JOURNAL, LOCK_FILE, OutputDir, hash};

fn owners(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_folder_inside_that_is_a_link_is_not_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir_all(&out).unwrap();
    fs::create_dir_all(&elsewhere).unwrap();
    symlink(&elsewhere, out.join("site")).unwrap();
    let output = OutputDir::open(&out).unwrap();
    let err = output
        .write("site:a", "site/a.md", b"page", None)
        .unwrap_err();
    assert!(
        err.render_short().contains("is a symbolic link"),
        "{}",
        err.render_short()
    );
    let (_, diags) = output.finish(&owners(&["site:a"]));
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
}

#[test]
fn a_manifest_entry_through_a_link_is_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let outside = dir.path().join("outside");
    fs::create_dir_all(&out).unwrap();
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("decoy.txt"), "precious").unwrap();
    symlink(&outside, out.join("link")).unwrap();
    fs::write(
        out.join(".chess-kit-docs-manifest"),
        format!(
            "# header\nsite:a\tlink/decoy.txt\t{:016x}\t-\n",
            hash(b"precious")
        ),
    )
    .unwrap();
    let output = OutputDir::open(&out).unwrap();
    let (stats, diags) = output.finish(&owners(&["site:a"]));
    assert_eq!(stats.removed, 0);
    assert_eq!(
        fs::read_to_string(outside.join("decoy.txt")).unwrap(),
        "precious"
    );
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(!diags[0].is_error(), "a warning");
    assert!(diags[0].render_short().contains("left in place"));
}

#[test]
fn a_failed_run_leaves_the_folder_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let output = OutputDir::open(dir.path()).unwrap();
    output.write("site:a", "site/a.md", b"one", None).unwrap();
    output.finish(&owners(&["site:a"]));

    let output = OutputDir::open(dir.path()).unwrap();
    output.write("site:a", "site/a.md", b"two", None).unwrap();
    output
        .write("site:a", "site/b.png", b"new", Some(1))
        .unwrap();
    assert_eq!(
        fs::read_to_string(dir.path().join("site/a.md")).unwrap(),
        "one"
    );
    let diags = output.abandon();
    assert!(diags.is_empty());
    assert_eq!(
        fs::read_to_string(dir.path().join("site/a.md")).unwrap(),
        "one"
    );
    assert!(!dir.path().join("site/b.png").exists());
    let left: Vec<_> = fs::read_dir(dir.path().join("site")).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary files: {left:?}");

    // The record is the last successful run's: b.png was never ours.
    let output = OutputDir::open(dir.path()).unwrap();
    assert!(!output.reuse("site:a", "site/b.png", 1));
    output.write("site:a", "site/a.md", b"two", None).unwrap();
    let (stats, _) = output.finish(&owners(&["site:a"]));
    assert_eq!(stats.written, 1);
    assert_eq!(
        fs::read_to_string(dir.path().join("site/a.md")).unwrap(),
        "two"
    );
}

#[test]
fn two_outputs_of_one_run_may_not_share_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let output = OutputDir::open(dir.path()).unwrap();
    output
        .write("site:a", "site/images/a/a11.png", b"x", None)
        .unwrap();
    let err = output
        .write("site:a", "site/images/a/a11.png", b"y", None)
        .unwrap_err();
    assert!(
        err.render_short().contains("same file"),
        "{}",
        err.render_short()
    );
}

#[test]
fn one_run_at_a_time_holds_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let first = OutputDir::open(dir.path()).unwrap();
    let err = OutputDir::open(dir.path()).unwrap_err().render_short();
    assert!(
        err.contains(&format!(
            "the output folder is in use: chess-kit-docs process {} is writing into it",
            std::process::id()
        )),
        "{err}"
    );
    assert!(err.contains(LOCK_FILE), "{err}");
    drop(first);
    OutputDir::open(dir.path()).unwrap();
}

#[test]
fn temporary_files_of_a_killed_run_are_removed_and_others_kept() {
    let dir = tempfile::tempdir().unwrap();
    let images = dir.path().join("site/images/a");
    fs::create_dir_all(&images).unwrap();
    let stale = images.join(".a1.png.4242-7.chess-kit-docs.tmp");
    fs::write(&stale, "half a png").unwrap();
    fs::write(images.join(".notes.tmp"), "the user's").unwrap();
    let output = OutputDir::open(dir.path()).unwrap();
    assert!(!stale.exists());
    assert!(images.join(".notes.tmp").exists());
    output.finish(&BTreeSet::new());
}

#[test]
fn fifos_and_devices_in_the_folder_are_replaced_not_read() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("site")).unwrap();
    let fifo = dir.path().join("site/a.md");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    symlink("/dev/zero", dir.path().join("site/b.md")).unwrap();
    // A manifest that claims both, so reuse and removal look at them.
    fs::write(
        dir.path().join(".chess-kit-docs-manifest"),
        "#\nsite:a\tsite/a.md\t0000000000000001\t0000000000000001\nsite:a\tsite/b.md\t0000000000000001\t0000000000000001\n",
    )
    .unwrap();
    let output = OutputDir::open(dir.path()).unwrap();
    assert!(!output.reuse("site:a", "site/a.md", 1));
    assert!(!output.reuse("site:a", "site/b.md", 1));
    output.write("site:a", "site/a.md", b"page", None).unwrap();
    let (_, diags) = output.finish(&owners(&["site:a"]));
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    assert_eq!(fs::read_to_string(&fifo).unwrap(), "page");
    assert!(
        fs::symlink_metadata(dir.path().join("site/b.md"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// The journal of a switch a killed run committed to is finished by the
/// next opening: inside the folder only, never over a file changed since,
/// and the manifest records what each file really holds.
#[test]
fn a_journal_is_finished_inside_the_folder_only() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let outside = dir.path().join("outside");
    fs::create_dir_all(out.join("site")).unwrap();
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("decoy.md"), "precious").unwrap();
    fs::write(outside.join(".x.chess-kit-docs.tmp"), "evil").unwrap();
    symlink(&outside, out.join("link")).unwrap();
    fs::write(out.join("site/.a.md.1-0.chess-kit-docs.tmp"), "new").unwrap();
    fs::write(out.join("site/d.md"), "old d").unwrap();
    fs::write(out.join("site/old.md"), "old").unwrap();
    fs::write(out.join("site/edited.md"), "edited by hand").unwrap();
    let line = |rel: &str, bytes: &[u8]| format!("site:a\t{rel}\t{:016x}\t-\n", hash(bytes));
    fs::write(
        out.join(".chess-kit-docs-manifest"),
        format!("#\n{}", line("site/d.md", b"old d")),
    )
    .unwrap();
    let journal = serde_json::json!({
        "renames": [
            ["site/a.md", ".a.md.1-0.chess-kit-docs.tmp"],
            ["link/decoy.md", ".x.chess-kit-docs.tmp"],
            ["site/b.md", "../../outside/.x.chess-kit-docs.tmp"],
            // Its rename failed, and its temporary file went: the old file stays.
            ["site/d.md", ".d.md.1-1.chess-kit-docs.tmp"],
        ],
        "removals": [
            ["site/old.md", hash(b"old")],
            ["link/decoy.md", hash(b"precious")],
            ["site/edited.md", hash(b"as the tool left it")],
        ],
        "manifest": format!("#\n{}{}{}", line("link/decoy.md", b"evil"), line("site/a.md", b"new"), line("site/d.md", b"new d")),
    });
    fs::write(out.join(JOURNAL), journal.to_string()).unwrap();

    let notes = OutputDir::open(&out).unwrap().abandon();
    assert_eq!(fs::read_to_string(out.join("site/a.md")).unwrap(), "new");
    assert_eq!(fs::read_to_string(out.join("site/d.md")).unwrap(), "old d");
    assert!(!out.join("site/b.md").exists());
    assert!(!out.join("site/old.md").exists());
    assert!(out.join("site/edited.md").exists(), "changed since");
    assert_eq!(
        fs::read_to_string(outside.join("decoy.md")).unwrap(),
        "precious"
    );
    assert_eq!(
        fs::read_to_string(outside.join(".x.chess-kit-docs.tmp")).unwrap(),
        "evil"
    );
    assert!(!out.join(JOURNAL).exists());
    let manifest = fs::read_to_string(out.join(".chess-kit-docs-manifest")).unwrap();
    let entries: Vec<&str> = manifest.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        entries.concat(),
        format!(
            "{}{}",
            line("site/a.md", b"new"),
            line("site/d.md", b"old d")
        )
        .replace('\n', "")
    );
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(!notes[0].is_error());
    assert!(
        notes[0].render_short().contains("is a symbolic link"),
        "{}",
        notes[0].render_short()
    );
}

#[test]
fn a_journal_the_tool_did_not_write_stops_the_run_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(JOURNAL), "{\"renames\": [").unwrap();
    let err = OutputDir::open(dir.path()).unwrap_err().render();
    assert!(err.contains(JOURNAL), "{err}");
    assert!(err.contains("not a journal chess-kit-docs wrote"), "{err}");
    assert!(err.contains("delete it to go on"), "{err}");
    fs::remove_file(dir.path().join(JOURNAL)).unwrap();
    OutputDir::open(dir.path()).unwrap();
}
