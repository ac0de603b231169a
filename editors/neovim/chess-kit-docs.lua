-- chess-kit-docs's language server (`chess-kit-docs lsp`) for Markdown
-- rulebooks, in Neovim 0.7 or later: findings as diagnostics as you type,
-- hover (K) on a diagram, quick fixes (vim.lsp.buf.code_action()),
-- completion (omnifunc, CTRL-X CTRL-O) and the outline
-- (vim.lsp.buf.document_symbol()).
--
-- Copy this file into ~/.config/nvim/plugin/ (Neovim loads it at start),
-- or run it from init.lua: dofile("/path/to/chess-kit-docs.lua").
-- If chess-kit-docs is not on the PATH, name it first, in init.lua:
--   vim.g.chess_kit_docs_path = "/home/me/.cargo/bin/chess-kit-docs"
--
-- Neovim 0.11 or later: vim.lsp.config and vim.lsp.enable.
-- 0.8 to 0.10: vim.lsp.start when a Markdown buffer opens.
-- 0.7: vim.lsp.start_client, one client per book, attached to each
-- Markdown buffer with vim.lsp.buf_attach_client.
-- The server checks only rulebooks (as `chess-kit-docs build` picks
-- them); other Markdown files get nothing from it.

if vim.fn.has("nvim-0.7") == 0 then
  vim.api.nvim_echo({ { "chess-kit-docs: the language server setup needs Neovim 0.7 or later", "WarningMsg" } }, true, {})
  return
end

local name = "chess_kit_docs"
local cmd = { vim.g.chess_kit_docs_path or "chess-kit-docs", "lsp" }
local root_markers = { "chess-kit-docs.toml", ".git" }

if vim.fn.has("nvim-0.11") == 1 then
  vim.lsp.config(name, { cmd = cmd, filetypes = { "markdown" }, root_markers = root_markers })
  vim.lsp.enable(name)
  return
end

-- The book's folder: the nearest folder above the file with
-- chess-kit-docs.toml or .git, else the file's own folder.
local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  local found = vim.fn.findfile("chess-kit-docs.toml", dir .. ";")
  if found == "" then
    found = vim.fn.finddir(".git", dir .. ";")
  end
  if found == "" then
    return dir
  end
  return vim.fn.fnamemodify(found, ":p:h:h")
end

-- Before 0.10, K is not mapped to the hover; map it where the server is.
local function on_attach(_, bufnr)
  if vim.fn.has("nvim-0.10") == 0 then
    vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = bufnr })
  end
  vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
end

local clients = {} -- 0.7: the client of each book root

vim.api.nvim_create_autocmd("FileType", {
  group = vim.api.nvim_create_augroup(name, { clear = true }),
  pattern = "markdown",
  callback = function(args)
    local file = vim.api.nvim_buf_get_name(args.buf)
    if file == "" then
      return
    end
    local root = root_of(file)
    local config = { name = name, cmd = cmd, root_dir = root, on_attach = on_attach }
    if vim.lsp.start then -- 0.8 to 0.10: starts one, or reuses the root's
      vim.lsp.start(config)
      return
    end
    local id = clients[root]
    if id == nil or vim.lsp.client_is_stopped(id) then
      id = vim.lsp.start_client(config)
      clients[root] = id
    end
    if id then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
