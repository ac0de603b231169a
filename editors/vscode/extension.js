// Starts `chess-kit-docs lsp` for Markdown files: the server checks each
// open rulebook from the editor's text and publishes what it finds.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("chessKitDocs").get("path") || "chess-kit-docs";
  const run = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "chessKitDocs",
    "chess-kit-docs",
    { run, debug: run },
    {
      documentSelector: [{ scheme: "file", language: "markdown" }],
      synchronize: {
        // The settings, contents files, styles and templates a rulebook is
        // checked with (the settings may name a style file anywhere). The
        // server checks only rulebooks of a book root, as `build` picks them.
        fileEvents: vscode.workspace.createFileSystemWatcher("**/{*.toml,*.csv,templates/html/*}"),
      },
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
