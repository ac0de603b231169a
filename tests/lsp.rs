//! `chess-kit-docs lsp` driven through its protocol, as an editor drives
//! it: framed JSON-RPC on the server's standard input and output.

use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "support/lsp.rs"]
mod lsp_client;
use lsp_client::Client;

/// A copy of the bundled rulebooks with their settings, and the URI of
/// `book` in it.
fn rules_copy(book: &str) -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    for entry in std::fs::read_dir(&rules).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    // The scratch folder is its own repository root: the search for the
    // settings stops there.
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let path = dir.path().join(book);
    let uri = format!("file://{}", path.display());
    (dir, path, uri)
}

fn range(line: u64, start: u64, end_line: u64, end: u64) -> Value {
    json!({ "start": { "line": line, "character": start }, "end": { "line": end_line, "character": end } })
}

/// The 0-based line of the first line of `text` that is `wanted`.
fn line_of(text: &str, wanted: &str) -> u64 {
    text.lines()
        .position(|l| l == wanted)
        .expect("the line is in the book") as u64
}

/// The CPU time a process has used, where /proc tells it (Linux).
fn cpu_time(child: &Child) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.id())).ok()?;
    // The fields after the command's name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel counts in USER_HZ, 100 a second wherever Linux runs.
    Some(Duration::from_millis(ticks * 10))
}

fn errors(diags: &[Value]) -> Vec<&Value> {
    diags.iter().filter(|d| d["severity"] == 1).collect()
}

#[test]
fn an_illegal_move_typed_is_reported_at_its_line_in_one_round_trip() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    let first = c.open(&uri, &text);
    assert!(
        errors(&first).is_empty(),
        "the bundled book is clean: {first:?}"
    );

    // Zombie Chess, diagram 1: Black's pawn e5 takes d4 becomes e5 to d3.
    let line = line_of(&text, "    arrow: e5, d4, black");
    let mut times = Vec::new();
    let cpu_before = cpu_time(&c.child);
    let mut version = 1;
    for (old, new) in [("d4", "d3"), ("d3", "d4")].iter().cycle().take(20) {
        version += 1;
        let started = Instant::now();
        c.change(&uri, version, range(line, 15, line, 17), new);
        let diags = c.diagnostics(&uri);
        times.push(started.elapsed());
        let errs = errors(&diags);
        if *old == "d4" {
            assert_eq!(errs.len(), 1, "{diags:?}");
            let e = errs[0];
            assert_eq!(e["range"], range(line, 4, line, 24), "{e}");
            assert_eq!(e["code"], "arrow");
            assert_eq!(e["source"], "chess-kit-docs");
            let message = e["message"].as_str().unwrap();
            assert!(
                message.contains("no black piece stands on e5 or d3 to make this move"),
                "{message}"
            );
        } else {
            assert!(errs.is_empty(), "mended: {diags:?}");
        }
    }
    let cpu = cpu_time(&c.child)
        .zip(cpu_before)
        .map(|(a, b)| (a - b) / 20);
    times.sort();
    eprintln!(
        "change to diagnostics, rules.md ({} lines), 20 edits: median {:?}, slowest {:?}; the server's CPU an edit: {}",
        text.lines().count(),
        times[times.len() / 2],
        times[times.len() - 1],
        cpu.map_or("unknown".to_string(), |d| format!("{d:?}"))
    );
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn a_misspelt_line_name_has_a_quick_fix_that_mends_it() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    let line = line_of(&text, "    arrow: d4, c6, grey");
    c.change(&uri, 2, range(line, 4, line, 9), "arow");
    let diags = c.diagnostics(&uri);
    let errs = errors(&diags);
    assert_eq!(errs.len(), 1, "{diags:?}");
    let message = errs[0]["message"].as_str().unwrap();
    assert!(message.starts_with("unknown line name `arow`"), "{message}");
    assert!(message.contains("help: did you mean `arrow`?"), "{message}");

    let actions = c.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": range(line, 5, line, 5),
            "context": { "diagnostics": [] },
        }),
    );
    let actions = actions["result"].as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    let action = &actions[0];
    assert_eq!(action["title"], "Replace with `arrow`");
    assert_eq!(action["kind"], "quickfix");
    let edit = &action["edit"]["changes"][&uri][0];
    assert_eq!(edit["range"], range(line, 4, line, 8));
    assert_eq!(edit["newText"], "arrow");

    // The editor applies it: the error goes.
    c.change(&uri, 3, edit["range"].clone(), "arrow");
    let diags = c.diagnostics(&uri);
    assert!(errors(&diags).is_empty(), "{diags:?}");
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn a_rules_finding_can_be_allowed_from_the_editor() {
    let (dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({
        "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } },
    }));
    // The server asks to hear of the settings' changes.
    let registration = c.wait(|m| m["method"] == "client/registerCapability");
    let watchers = &registration["params"]["registrations"][0]["registerOptions"]["watchers"];
    // Any TOML: the settings file, and a style file it may name anywhere.
    assert_eq!(watchers[0]["globPattern"], "**/*.toml");
    c.send(json!({ "jsonrpc": "2.0", "id": registration["id"], "result": null }));

    c.open(&uri, &text);
    let line = line_of(&text, "    arrow: e5, d4, black");
    c.change(&uri, 2, range(line, 15, line, 17), "c4");
    assert_eq!(errors(&c.diagnostics(&uri)).len(), 1);
    let actions = c.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": range(line, 6, line, 6),
            "context": { "diagnostics": [] },
        }),
    );
    let actions = actions["result"].as_array().unwrap();
    // The one legal arrow a square off is the first fix.
    assert_eq!(actions[0]["title"], "Replace with `arrow: e5, d4, black`");
    assert_eq!(
        actions[0]["edit"]["changes"][&uri][0]["range"],
        range(line, 4, line, 24)
    );
    let allow = actions
        .iter()
        .find(|a| a["title"] == "Allow this `arrow` finding in chess-kit-docs.toml")
        .unwrap_or_else(|| panic!("{actions:?}"));
    let change = &allow["edit"]["documentChanges"][0];
    let settings = dir.path().join("chess-kit-docs.toml");
    assert_eq!(
        change["textDocument"]["uri"],
        format!("file://{}", settings.display())
    );
    let added = change["edits"][0]["newText"].as_str().unwrap();
    assert!(
        added.contains(
            "[[check.allow]]\nbook = \"rules\"\nsection = \"Zombie Chess\"\ndiagram = 1\nrule = \"arrow\"\n"
        ),
        "{added}"
    );
    // It goes at the end of the file.
    let old = std::fs::read_to_string(&settings).unwrap();
    let end = change["edits"][0]["range"]["start"].clone();
    assert_eq!(end["line"], old.lines().count() as u64, "{end}");

    // Applied and saved, the settings are read again: the finding is kept.
    std::fs::write(&settings, format!("{old}{added}")).unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": change["textDocument"]["uri"], "type": 2 }] }),
    );
    let diags = c.diagnostics(&uri);
    assert!(errors(&diags).is_empty(), "{diags:?}");
    let kept: Vec<&Value> = diags
        .iter()
        .filter(|d| d["range"]["start"]["line"] == line)
        .collect();
    assert_eq!(kept.len(), 1, "{diags:?}");
    assert_eq!(kept[0]["severity"], 3, "shown as information: {kept:?}");
    assert!(
        kept[0]["message"]
            .as_str()
            .unwrap()
            .contains("allowed in chess-kit-docs.toml")
    );
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn a_diagram_hovered_shows_its_fen_move_and_a_link_to_its_drawing() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    let line = line_of(&text, "    arrow: e5, d4, black");
    let hover = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": 8 } }),
    );
    let value = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("**Zombie Chess, diagram 1**"), "{value}");
    assert!(
        value.contains("Arrow: Black's pawn e5 takes d4."),
        "{value}"
    );
    assert!(
        value.contains(
            "FEN (White to move): `r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1`"
        ),
        "{value}"
    );
    // The drawing is a link to the diagram's SVG, in a file of the
    // server's own, not kilobytes inline.
    assert!(!value.contains("data:"), "{value:.300}");
    let link = value
        .split("](file://")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no drawing: {value}"));
    assert!(link.ends_with(".svg"), "{link}");
    let svg = std::fs::read_to_string(link).unwrap();
    assert!(svg.starts_with("<svg"), "{svg:.100}");
    assert!(value.len() < 400, "{} characters: {value}", value.len());
    // Outside any diagram: nothing.
    let none = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(none["result"], Value::Null, "{none}");
    assert_eq!(c.shutdown(), 0);
    assert!(
        !Path::new(link).exists(),
        "the drawings go when the server exits"
    );
}

#[test]
fn completion_offers_line_names_colours_and_games() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    let line = line_of(&text, "    arrow: d4, c6, grey");
    let labels = |reply: &Value| -> Vec<String> {
        reply["result"]
            .as_array()
            .unwrap_or_else(|| panic!("{reply}"))
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let at = |c: &mut Client, line: u64, character: u64| {
        c.request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    };
    // A new line at the diagram's end, being typed.
    c.change(&uri, 2, range(line + 1, 0, line + 1, 0), "    co\n");
    c.diagnostics(&uri);
    let names = labels(&at(&mut c, line + 1, 6));
    assert!(names.contains(&"corner text".to_string()), "{names:?}");
    assert!(names.contains(&"arrow".to_string()), "{names:?}");
    // The colour of an arrow.
    let colours = labels(&at(&mut c, line, 19));
    assert_eq!(colours, ["white", "black", "grey"]);
    // A game heading.
    let heading = line_of(&text, "## Zombie Chess");
    let games = labels(&at(&mut c, heading, 3));
    assert!(games.contains(&"Zombie Chess".to_string()), "{games:?}");
    assert!(games.contains(&"Chess Golf".to_string()), "{games:?}");
    // In the prose: nothing.
    assert!(labels(&at(&mut c, 2, 3)).is_empty());
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn the_outline_lists_games_and_their_diagrams() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    let reply = c.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    let all = reply["result"].as_array().unwrap();
    let games: Vec<&Value> = all
        .iter()
        .flat_map(|s| std::iter::once(s).chain(s["children"].as_array().into_iter().flatten()))
        .filter(|s| s["name"] == "Zombie Chess")
        .collect();
    assert_eq!(games.len(), 1, "{reply}");
    let diagrams: Vec<&str> = games[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(diagrams, ["Diagram 1", "Diagram 2"]);
    assert_eq!(
        games[0]["selectionRange"]["start"]["line"],
        line_of(&text, "## Zombie Chess")
    );
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn bad_messages_get_error_responses_and_the_server_goes_on() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start();
    // Before `initialize`: refused.
    let early = c.request("textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    let mut c = {
        let reply = c.request("initialize", json!({ "capabilities": {} }));
        assert!(reply["result"]["capabilities"].is_object());
        c
    };
    c.open(&uri, &text);
    // Parameters of the wrong shape.
    let bad = c.request("textDocument/hover", json!({ "position": "here" }));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    // A method the server does not have.
    let unknown = c.request("textDocument/rename", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    // Not JSON, and not UTF-8.
    c.write_raw(b"{\"jsonrpc\": \"2.0\", \"id\": ");
    let parse = c.wait(|m| m["error"]["code"] == -32700);
    assert_eq!(parse["id"], Value::Null);
    c.write_raw(b"\xff\xfe\x00");
    c.wait(|m| m["error"]["code"] == -32700);
    // A document the server was never given, and a notification with
    // nonsense: no answer to the one, a null answer to the other.
    c.notify("textDocument/didChange", json!({ "textDocument": 5 }));
    let elsewhere = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": "file:///nowhere.md" }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(elsewhere["result"], Value::Null);
    // A half-typed diagram and text past the end: no crash.
    c.change(&uri, 2, range(60, 4, 9999, 0), "    arrow: e5,");
    let diags = c.diagnostics(&uri);
    assert!(!errors(&diags).is_empty(), "{diags:?}");
    let hover = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 99999, "character": 99 } }),
    );
    assert!(hover.get("result").is_some(), "{hover}");
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let mut c = Client::initialized(json!({}));
    c.notify("exit", Value::Null);
    let status = c.child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

#[test]
fn positions_are_bytes_when_the_editor_counts_bytes() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    // A line of prose with a non-ASCII character before the diagram.
    let text = text.replacen("    arrow: e5, d4, black", "    arrow: e5, d3, black", 1);
    let mut c = Client::start();
    let reply = c.request(
        "initialize",
        json!({ "capabilities": { "general": { "positionEncodings": ["utf-8", "utf-16"] } } }),
    );
    assert_eq!(reply["result"]["capabilities"]["positionEncoding"], "utf-8");
    let diags = c.open(&uri, &format!("é{text}"));
    let errs = errors(&diags);
    assert_eq!(errs.len(), 1, "{diags:?}");
    let line = line_of(&text, "    arrow: e5, d3, black");
    assert_eq!(errs[0]["range"], range(line, 4, line, 24));
    assert_eq!(c.shutdown(), 0);
}

/// Edits at random places (deterministic), each answered with diagnostics,
/// and requests at random positions: every one is answered, none crashes.
#[test]
fn random_edits_and_requests_are_all_answered() {
    let (_dir, path, uri) = rules_copy("new_rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    let lines = text.lines().count() as u64;
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n.max(1)
    };
    let inserts = [
        "", "x", "    ", "\n", "é", "𝄞", ":", ",", "arrow: ", "## ", "K", "\t", "```",
    ];
    for version in 2..200 {
        let (line, ch) = (next(lines + 2), next(40));
        let (end_line, end_ch) = (line + next(3), next(40));
        let new = inserts[next(inserts.len() as u64) as usize];
        c.change(&uri, version, range(line, ch, end_line, end_ch), new);
        let at = json!({ "line": next(lines + 2), "character": next(50) });
        let method = [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/codeAction",
        ][next(3) as usize];
        let params = if method == "textDocument/codeAction" {
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": at, "end": at },
                "context": { "diagnostics": [] },
            })
        } else {
            json!({ "textDocument": { "uri": uri }, "position": at })
        };
        let reply = c.request(method, params);
        assert!(reply.get("error").is_none(), "{method} {reply}");
        c.diagnostics(&uri);
    }
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(symbols["result"].is_array(), "{symbols}");
    assert_eq!(c.shutdown(), 0);
}

/// Every hover on the bundled books stays small (a hover that fills the
/// terminal was issue 37): short text, and the drawing only as a link.
#[test]
fn every_hover_on_the_bundled_books_is_small() {
    const MOST: usize = 1_000;
    for book in ["rules.md", "new_rules.md", "karl.md"] {
        let (_dir, path, uri) = rules_copy(book);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut c = Client::initialized(json!({}));
        c.open(&uri, &text);
        let (mut sizes, mut largest, mut at) = (Vec::new(), 0, 0);
        for (line, l) in text.lines().enumerate() {
            if !(l.starts_with("    ") || l.starts_with('\t')) {
                continue;
            }
            let reply = c.request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": 4 } }),
            );
            let Some(value) = reply["result"]["contents"]["value"].as_str() else {
                continue;
            };
            sizes.push(value.chars().count());
            if value.chars().count() > largest {
                (largest, at) = (value.chars().count(), line + 1);
            }
            assert!(
                value.chars().count() <= MOST,
                "{book}:{}: a hover of {} characters: {value:.400}",
                line + 1,
                value.chars().count()
            );
        }
        assert!(!sizes.is_empty(), "{book}: no hover");
        sizes.sort_unstable();
        eprintln!(
            "{book}: {} hovers, median {} characters, the largest {largest} (line {at})",
            sizes.len(),
            sizes[sizes.len() / 2]
        );
        assert_eq!(c.shutdown(), 0);
    }
}

/// The Neovim setup the guide gives (editors/neovim/chess-kit-docs.lua),
/// in the Neovim installed here (Debian 12's is 0.7.2, the oldest it
/// supports): opening a rulebook with an illegal arrow starts the server,
/// its diagnostic arrives at the arrow's line, and K's hover request
/// gets the short hover. Skipped, with a line, without `nvim`.
#[test]
fn neovim_with_the_shipped_setup_shows_the_diagnostics_and_hover() {
    let found = std::process::Command::new("nvim")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success());
    let Some(version) = found else {
        // Straight to standard error: the harness would hide an eprintln!.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "skipped: the Neovim setup's test needs `nvim` (apt-get install neovim)"
        );
        return;
    };
    let version = String::from_utf8_lossy(&version.stdout);
    let (dir, path, _) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "    arrow: e5, d4, black",
        "    arrow: e5, d3, black",
        1,
    );
    std::fs::write(&path, &text).unwrap();
    let line = line_of(&text, "    arrow: e5, d3, black");
    let setup = Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/neovim/chess-kit-docs.lua");
    assert!(setup.is_file(), "{} is missing", setup.display());
    let out = dir.path().join("nvim-result.json");
    let lua = |s: &Path| format!("{:?}", s.display().to_string());
    let init = dir.path().join("init.lua");
    std::fs::write(
        &init,
        format!(
            "vim.g.chess_kit_docs_path = {}\ndofile({})\n",
            lua(Path::new(env!("CARGO_BIN_EXE_chess-kit-docs"))),
            lua(&setup)
        ),
    )
    .unwrap();
    let probe = dir.path().join("probe.lua");
    std::fs::write(
        &probe,
        format!(
            r#"vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = {{ diagnostics = {{}}, hover = "" }}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out.diagnostics, {{ line = d.lnum, col = d.col, message = d.message }})
end
vim.api.nvim_win_set_cursor(0, {{ {row}, 8 }})
local replies = vim.lsp.buf_request_sync(0, "textDocument/hover", vim.lsp.util.make_position_params(0, "utf-16"), 10000)
for _, r in pairs(replies or {{}}) do
  if r.result then out.hover = r.result.contents.value end
end
vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd("qa!")
"#,
            row = line + 1,
            out = lua(&out),
        ),
    )
    .unwrap();
    // Nothing of the user's: no config, plugins or shada, state in the
    // scratch folder.
    let mut nvim = std::process::Command::new("nvim")
        .args(["--headless", "--noplugin", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(&path)
        .arg("-c")
        .arg(format!("luafile {}", probe.display()))
        .current_dir(dir.path())
        .envs(
            [
                "XDG_CONFIG_HOME",
                "XDG_DATA_HOME",
                "XDG_STATE_HOME",
                "XDG_CACHE_HOME",
            ]
            .map(|v| (v, dir.path().join("xdg"))),
        )
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while nvim.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = nvim.kill();
            panic!("nvim did not finish in a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let result: Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("the probe wrote its result"))
            .unwrap();
    let diags = result["diagnostics"].as_array().unwrap();
    assert_eq!(
        diags.len(),
        1,
        "{}: {result}",
        version.lines().next().unwrap_or("")
    );
    assert_eq!(diags[0]["line"], line, "{result}");
    assert_eq!(diags[0]["col"], 4, "{result}");
    let hover = result["hover"].as_str().unwrap();
    assert!(hover.starts_with("**Zombie Chess, diagram 1**"), "{result}");
    assert!(hover.len() < 1_000, "{result}");
    eprintln!(
        "{}: diagnostics and hover arrive",
        version.lines().next().unwrap_or("nvim")
    );
}

/// The diagnostics after a run of edits, each published as the server
/// checks in the background (older checks dropped), are those of the
/// final text checked afresh by a new server: what an edit leaves behind
/// never differs from a full check.
#[test]
fn diagnostics_after_edits_equal_a_full_check_of_the_final_text() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    let arrow = line_of(&text, "    arrow: e5, d4, black");
    let heading = line_of(&text, "## Chess Golf");
    let golf = line_of(&text, "    arrow: g3, e5, grey");
    // Sent together, so most are checked once or dropped as stale.
    let edits = [
        (range(arrow, 15, arrow, 17), "d3"),
        (range(heading, 3, heading, 8), "Chss"),
        (range(golf, 4, golf, 9), "arow"),
        (range(heading, 3, heading, 7), "Chess"),
        (range(arrow, 11, arrow, 11), ""),
    ];
    let mut final_text = text.clone();
    for (version, (at, new)) in edits.iter().enumerate() {
        c.change(&uri, version as i64 + 2, at.clone(), new);
        final_text = apply(&final_text, at, new);
    }
    let last = edits.len() as i64 + 1;
    let incremental = c.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == last
    })["params"]["diagnostics"]
        .clone();
    assert_eq!(c.shutdown(), 0);
    assert!(
        incremental.as_array().is_some_and(|d| d.len() >= 2),
        "the edits leave findings: {incremental}"
    );
    let mut fresh = Client::initialized(json!({}));
    let full = fresh.open(&uri, &final_text);
    assert_eq!(fresh.shutdown(), 0);
    assert_eq!(incremental, Value::Array(full));
}

/// Each edit of a run that crosses what a check could reuse (a diagram,
/// the heading that names its game, a heading splitting a section, a Chess
/// Golf problem whose solution stands in another section, a link to
/// another section's anchor, a code fence swallowing the headings after
/// it, a paste of the whole text), waited for one at a time: the
/// diagnostics after each are those of its text checked afresh by a new
/// server.
#[test]
fn each_edit_leaves_the_diagnostics_of_a_full_check_of_its_text() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let mut text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    // (the line edited, the characters replaced, the new text), the line
    // found in the text as the edits before left it.
    let edits: [(&str, (u64, u64), &str); 11] = [
        ("    arrow: e5, d4, black", (15, 17), "d3"),
        ("## Zombie Chess", (3, 15), "Zombie Chss"),
        ("## Zombie Chss", (3, 14), "Zombie Chess"),
        ("### Play", (0, 0), "## Extra\n\n"),
        ("## Extra", (0, 9), ""),
        ("    arrow: a5, a5, black", (15, 17), "b5"),
        (
            "### Introduction",
            (0, 0),
            "See [the golf](#chess-golf).\n\n",
        ),
        ("See [the golf](#chess-golf).", (16, 26), "chess-gof"),
        ("See [the golf](#chess-gof).", (16, 25), "chess-golf"),
        ("## Chess Golf", (0, 0), "```\n"),
        ("```", (0, 4), ""),
    ];
    let mut version = 1;
    let mut seen: Vec<Value> = Vec::new();
    for (line, (from, to), new) in edits {
        let n = line_of(&text, line);
        // The fence's own line break goes with it.
        let at = if to > line.len() as u64 {
            range(n, 0, n + 1, 0)
        } else {
            range(n, from, n, to)
        };
        version += 1;
        c.change(&uri, version, at.clone(), new);
        text = apply(&text, &at, new);
        let incremental = published(&mut c, version);
        assert_eq!(
            incremental,
            full_check(&uri, &text),
            "after `{new}` at `{line}`"
        );
        if !seen.contains(&incremental) {
            seen.push(incremental);
        }
    }
    // The edits change the findings, so the comparisons say something.
    assert!(seen.len() >= 5, "{} different results", seen.len());
    // A paste over the whole text.
    text = text.replace("arrow: e5, d3, black", "arrow: e5, d5, black");
    version += 1;
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": version },
            "contentChanges": [{ "text": text }],
        }),
    );
    let incremental = published(&mut c, version);
    assert_eq!(incremental, full_check(&uri, &text), "after the paste");
    assert_eq!(c.shutdown(), 0);
}

/// The diagnostics published for `version`.
fn published(c: &mut Client, version: i64) -> Value {
    c.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
    })["params"]["diagnostics"]
        .clone()
}

/// The diagnostics of `text` opened in a new server.
fn full_check(uri: &str, text: &str) -> Value {
    let mut fresh = Client::initialized(json!({}));
    let full = fresh.open(uri, text);
    assert_eq!(fresh.shutdown(), 0);
    Value::Array(full)
}

/// `text` with the protocol range `at` (lines and UTF-16 characters; the
/// bundled book's edited lines are ASCII) replaced by `new`.
fn apply(text: &str, at: &Value, new: &str) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let (start, end) = (offset(&at["start"]), offset(&at["end"]));
    format!("{}{new}{}", &text[..start], &text[end..])
}

/// A request sent while a large book's check runs is answered before that
/// check's diagnostics arrive: the check runs beside the answers, not
/// before them.
#[test]
fn a_request_is_answered_while_a_large_book_is_checked() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    // Some 5 MB: a check of a second or so, and far past the size a
    // request waits for.
    let large = text.repeat(40);
    let mut c = Client::initialized(json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({ "textDocument": {
            "uri": uri, "languageId": "markdown", "version": 1, "text": large,
        }}),
    );
    let hover = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 30, "character": 6 } }),
    );
    assert!(hover.get("error").is_none(), "{hover}");
    let published_first = c
        .held
        .iter()
        .any(|m| m["method"] == "textDocument/publishDiagnostics");
    assert!(
        !published_first,
        "the hover waited for the check of the whole book"
    );
    c.diagnostics(&uri);
    assert_eq!(c.shutdown(), 0);
}

/// Right after a large paste, before its check or its line index is made:
/// a hover is answered with nothing yet, and a ranged edit lands where the
/// editor means it in the pasted text, not in the text before.
#[test]
fn an_edit_right_after_a_large_paste_lands_in_the_pasted_text() {
    let (_dir, path, uri) = rules_copy("rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::initialized(json!({}));
    c.open(&uri, &text);
    // Some 5 MB: far past the size a request waits for.
    let mut pasted = text.repeat(40);
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{ "text": pasted }],
        }),
    );
    let hover = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 30, "character": 6 } }),
    );
    assert_eq!(hover["result"], Value::Null, "{hover}");
    // An arrow of the last copy: a line the text before the paste lacks.
    let arrow = line_of(&text, "    arrow: e5, d4, black") + 39 * text.lines().count() as u64;
    let at = range(arrow, 15, arrow, 17);
    c.change(&uri, 3, at.clone(), "d3");
    pasted = apply(&pasted, &at, "d3");
    let incremental = published(&mut c, 3);
    assert_eq!(c.shutdown(), 0);
    let at_arrow = incremental
        .as_array()
        .is_some_and(|d| d.iter().any(|d| d["range"]["start"]["line"] == arrow));
    assert!(at_arrow, "no finding at the edited arrow: {incremental}");
    assert_eq!(incremental, full_check(&uri, &pasted));
}
