//! The shape of the code, checked where neither Cargo nor visibility can say it: inside the
//! API's crate, the configuration and the pad never depend on the API or the server; and no
//! modules depend on each other in a cycle, across the crates too. (That the rules name
//! nothing of the others and the service nothing of the API, Cargo holds: they are crates of
//! their own under it; that nothing but the service reaches its store, the compiler checks.) A module's
//! dependencies are the paths it names (`use` or inline, `crate::…`, `super::…`, or a child
//! module's name); a module naming its own parent or child (a folder and the files in it) is
//! not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules at the root of the API's crate that are layers of their own (the pad, the
/// configuration, the errors, the app), named as the server names them; the rest of the crate
/// is `api::…`.
const API_CRATE_LAYERS: [&str; 4] = ["pad", "config", "error", "app"];

/// Every module of `src/` (the server), by path (`server::heads`), of the API's crate
/// (`crates/api/src`: `api::…`, and the layers of `API_CRATE_LAYERS`), of the service's
/// (`crates/service/src`, as `service::…`) and of the rules' (`crates/rules/src`, as
/// `rules::…`), with its source.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/ reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    let home = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = BTreeMap::new();
    for (root, prefix) in [
        (home.join("src"), None),
        (home.join("crates/api/src"), Some("api")),
        (home.join("crates/service/src"), Some("service")),
        (home.join("crates/rules/src"), Some("rules")),
    ] {
        let mut files = Vec::new();
        walk(&root, &mut files);
        for file in files {
            if file.file_name().is_some_and(|n| n == "main.rs") {
                continue;
            }
            let relative = file.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> = prefix.into_iter().map(str::to_owned).collect();
            parts.extend(relative.iter().map(|p| p.to_string_lossy().into_owned()));
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            if prefix == Some("api") && parts.len() > 1 && API_CRATE_LAYERS.contains(&&*parts[1]) {
                parts.remove(0);
            }
            let source = std::fs::read_to_string(&file).unwrap();
            all.insert(parts.join("::"), source);
        }
    }
    all
}

/// The text of the code, without comments and string literals (a path in a doc comment or a
/// message is not a dependency).
fn code_only(source: &str) -> String {
    let mut code = String::with_capacity(source.len());
    for line in source.lines() {
        let line = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        let mut in_string = false;
        let mut escaped = false;
        for c in line.chars() {
            if in_string {
                match (escaped, c) {
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => escaped = false,
                }
            } else if c == '"' {
                in_string = true;
            } else {
                code.push(c);
            }
        }
        code.push('\n');
    }
    code
}

/// The paths a module names, each written out from the crate's root (`a::b::{c, d::e}` gives
/// `a::b::c` and `a::b::d::e`).
fn named_paths(module: &str, code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let here: Vec<String> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    };
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut at = 0;
    while at < bytes.len() {
        if !word(bytes[at]) || (at > 0 && (word(bytes[at - 1]) || bytes[at - 1] == b':')) {
            at += 1;
            continue;
        }
        // A path starts here: read it with its braces.
        let start = at;
        let mut depth = 0;
        while at < bytes.len() {
            let b = bytes[at];
            if b == b'{' && at > 0 && bytes[at - 1] == b':' {
                depth += 1;
            } else if b == b'}' && depth > 0 {
                depth -= 1;
            } else if depth == 0 && !(word(b) || b == b':') {
                break;
            }
            at += 1;
        }
        let text: String = code[start..at]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        for path in expand(&text) {
            let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            if segments.len() < 2 {
                continue;
            }
            let mut absolute = match segments[0] {
                // The rules crate's own root is `rules` here.
                "crate" if here.first().is_some_and(|m| m == "rules") => {
                    segments.remove(0);
                    vec!["rules".to_string()]
                }
                // The service's crate names the rules' as `crate::rules` (or `whole_game`).
                "crate"
                    if here.first().is_some_and(|m| m == "service")
                        && !matches!(segments.get(1), Some(&("rules" | "whole_game"))) =>
                {
                    segments.remove(0);
                    vec!["service".to_string()]
                }
                // The API's crate names its own layers and modules as `crate::…`.
                "crate"
                    if here
                        .first()
                        .is_some_and(|m| m == "api" || API_CRATE_LAYERS.contains(&m.as_str())) =>
                {
                    segments.remove(0);
                    match segments.first() {
                        Some(first)
                            if API_CRATE_LAYERS.contains(first)
                                || ["service", "values", "rules", "whole_game"].contains(first) =>
                        {
                            Vec::new()
                        }
                        _ => vec!["api".to_string()],
                    }
                }
                "phase10_rules" => {
                    segments.remove(0);
                    vec!["rules".to_string()]
                }
                "phase10_service" => {
                    segments.remove(0);
                    vec!["service".to_string()]
                }
                "crate" | "phase10" => {
                    segments.remove(0);
                    Vec::new()
                }
                "super" => {
                    let mut base = here.clone();
                    while segments.first() == Some(&"super") {
                        segments.remove(0);
                        base.pop();
                    }
                    base
                }
                "self" => {
                    segments.remove(0);
                    here.clone()
                }
                first if children.contains(first) => here.clone(),
                _ => continue,
            };
            absolute.extend(segments.iter().map(|s| s.to_string()));
            // What the crates above re-export under their old names: the service's values
            // and the rules' best whole game.
            match absolute.first().map(String::as_str) {
                Some("values") => absolute.insert(0, "service".to_string()),
                Some("whole_game") => absolute.insert(0, "rules".to_string()),
                _ => {}
            }
            paths.push(absolute);
        }
    }
    paths
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(text: &str) -> Vec<String> {
    let Some(open) = text.find("::{") else {
        return vec![text.to_string()];
    };
    let prefix = &text[..open];
    let inner = &text[open + 3..text.len().saturating_sub(1)];
    let mut items = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[from..]);
    items
        .into_iter()
        .filter(|item| !item.is_empty())
        .flat_map(expand)
        .map(|item| format!("{prefix}::{item}"))
        .collect()
}

/// Which modules each module depends on, leaving out its own ancestors and descendants.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let names: BTreeSet<&String> = modules.keys().collect();
    let related = |a: &str, b: &str| {
        a == b
            || a.is_empty()
            || b.is_empty()
            || a.starts_with(&format!("{b}::"))
            || b.starts_with(&format!("{a}::"))
    };
    modules
        .iter()
        .map(|(module, source)| {
            let prefix = if module.is_empty() {
                String::new()
            } else {
                format!("{module}::")
            };
            let children: BTreeSet<String> = names
                .iter()
                .filter_map(|name| name.strip_prefix(&prefix))
                .filter(|rest| !rest.is_empty() && !rest.contains("::"))
                .map(str::to_string)
                .collect();
            let code = code_only(source);
            let named = named_paths(module, &code, &children)
                .into_iter()
                .filter_map(|path| {
                    // The longest module the path starts with.
                    (1..=path.len())
                        .rev()
                        .map(|n| path[..n].join("::"))
                        .find(|candidate| names.contains(candidate))
                })
                .filter(|target| !related(module, target))
                .collect();
            (module.clone(), named)
        })
        .collect()
}

fn layer(module: &str) -> &str {
    module.split("::").next().unwrap_or_default()
}

#[test]
fn the_layers_depend_one_way() {
    // The rules and the service are crates under this one, so Cargo refuses any path from them
    // to the API; the store is private to the service, so the compiler refuses any path to it
    // from outside. This checks, inside the API's crate, what neither can say; and, as a check
    // of the check, what Cargo holds.
    let forbidden: [(&str, &[&str]); 5] = [
        ("api", &["server"]),
        ("rules", &["service", "api", "server", "pad", "config"]),
        ("service", &["api", "server", "pad", "config"]),
        ("pad", &["api", "server"]),
        ("config", &["api", "server", "pad"]),
    ];
    let mut wrong = Vec::new();
    for (module, uses) in dependencies() {
        for (from, not) in forbidden {
            for target in &uses {
                if layer(&module) == from && not.contains(&layer(target)) {
                    wrong.push(format!("{module} uses {target}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn no_modules_depend_on_each_other_in_a_cycle() {
    let graph = dependencies();
    // Depth-first search; a module met again while still on the path closes a cycle.
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|m| m == module) {
            cycles.push(format!("{} → {module}", path[at..].join(" → ")));
            return;
        }
        if !done.insert(module.to_string()) {
            return;
        }
        path.push(module.to_string());
        for next in graph.get(module).into_iter().flatten() {
            visit(next, graph, path, done, cycles);
        }
        path.pop();
    }
    let mut cycles = Vec::new();
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        visit(module, &graph, &mut Vec::new(), &mut done, &mut cycles);
    }
    assert!(cycles.is_empty(), "{cycles:#?}");
}

#[test]
fn the_check_sees_a_cycle_and_a_layer_broken() {
    let children = BTreeSet::from(["live".to_string()]);
    let paths = named_paths(
        "service::turns",
        "use super::{digital::start, change::Changed};\nuse crate::store::{self, games::GameRow};\nlive::Live",
        &children,
    );
    let written: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        written,
        [
            "service::digital::start",
            "service::change::Changed",
            "service::store::self",
            "service::store::games::GameRow",
            "service::turns::live::Live",
        ]
    );
    assert_eq!(
        code_only("let a = \"crate::x::y\"; // crate::z::w"),
        "let a = ; \n"
    );
}
