// The house rules of a new score pad or club tournament: the game's preset (with what it
// means) and its options grouped as the server's /api/meta lists them, as the lobby offers
// them. Only the options that differ from the preset are sent.
import { el } from "/static/dom.js";
import { prefs } from "/static/prefs.js";
import { t } from "/static/words.js";

/** The input of option ``o`` (an entry of /api/meta's options): a checkbox, a select of its
 * values in ``language``'s words, or a field whose check is its placeholder. The lobby, the
 * score pad and the club tournament build theirs here. */
export function optionInput(o, id, language = prefs.lang) {
  if (o.type === "bool") return el("input", { type: "checkbox", id, "data-opt": o.name });
  if (o.allowed) {
    return el("select", { id, "data-opt": o.name },
      ...o.allowed.map((v, i) => el("option", { value: String(v),
        text: o.labels ? o.labels[language][i] : String(v) })));
  }
  const numeric = o.type === "int" && !(o.check || "").includes("'");
  const check = (language === "de" && o.check_de) || o.check || "";
  return el("input", { type: numeric ? "number" : "text", id, size: "8", "data-opt": o.name,
    title: check || null, placeholder: check || null, class: "opt-in" });
}

/** What a form sends: the options among ``inputs`` ({input, o} pairs) whose value differs
 * from preset ``presetName``'s (numbers as numbers). */
export function changedOptions(inputs, presetName) {
  const out = {};
  for (const { input, o } of inputs) {
    let v = o.type === "bool" ? input.checked : input.value;
    if (o.type === "int" && v !== "" && !isNaN(Number(v))) v = Number(v);
    if (String(v) !== String(o.defaults[presetName])) out[o.name] = v;
  }
  return out;
}

/** The preset select and the options of game ``g`` (an entry of meta.games); ``prefix``
 * keeps the ids apart. Returns the nodes to show and readers of the choice. */
export function rulesFields(meta, g, prefix) {
  const lang = prefs.lang;
  const preset = el("select", { id: `${prefix}-preset` },
    ...g.presets.map((p) => el("option", { value: p.name, text: p.name })));
  const about = el("p", { class: "hint", id: `${prefix}-preset-text` });
  const inputs = [];
  const details = el("details", { class: "options", id: `${prefix}-options` },
    el("summary", { text: t("options") }));
  for (const group of g.groups) {
    const box = el("fieldset", {}, el("legend", {
      text: (meta.groups[group.name] || {})[lang] || group.name }));
    for (const o of group.options) {
      const input = optionInput(o, `${prefix}-opt-${o.name}`);
      inputs.push({ input, o });
      box.append(el("div", { class: "opt" },
        el("label", { for: input.id, text: o[lang] || o.de }), input));
    }
    details.append(box);
  }
  const fill = () => {
    const p = g.presets.find((x) => x.name === preset.value);
    about.textContent = p ? p[lang] || "" : "";
    for (const { input, o } of inputs) {
      const v = o.defaults[preset.value];
      if (o.type === "bool") input.checked = !!v; else input.value = String(v);
    }
  };
  preset.addEventListener("change", fill);
  fill();
  const options = () => changedOptions(inputs, preset.value);
  /** The value of option ``name`` under the chosen preset (undefined if the game has none). */
  const presetValue = (name) => {
    const hit = inputs.find(({ o }) => o.name === name);
    return hit ? hit.o.defaults[preset.value] : undefined;
  };
  return {
    nodes: [el("label", { for: preset.id, text: t("preset") }), preset, about, details],
    preset: () => preset.value, options, presetValue,
    onPreset: (fn) => preset.addEventListener("change", fn),
  };
}

/** The options ``rules`` (a pad's or a table's {preset, options}) changes, as a list in
 * ``language`` (the page's by default): the option's text and what its value means (as the
 * lobby offers it); null where it changes none. */
export function changedRules(meta, gameName, rules, language = prefs.lang) {
  const g = meta.games.find((x) => x.name === gameName);
  if (!g) return null;
  const byName = new Map(g.groups.flatMap((grp) => grp.options).map((o) => [o.name, o]));
  const items = Object.entries(rules.options || {}).filter(([name]) => byName.has(name))
    .map(([name, v]) => {
      const o = byName.get(name);
      const i = (o.allowed || []).findIndex((a) => String(a) === String(v));
      // the server's words: a yes/no option's labels are those of yes and no
      const words = typeof v === "boolean" && o.labels ? o.labels[language][v ? 0 : 1]
        : i >= 0 && o.labels ? o.labels[language][i] : String(v);
      return el("li", {}, `${o[language] || o.de}: `, el("b", { text: words }));
    });
  return items.length ? el("ul", { class: "rule-changes" }, ...items) : null;
}

/** The score pad's and the club tournament's folded list of the rules ``rules`` changes,
 * headed by how many ("Rules changed: 2"); null where it changes none or ``meta`` (the
 * server's words) could not be read. */
export function changedRulesBox(meta, gameName, rules, id) {
  const list = meta ? changedRules(meta, gameName, rules) : null;
  return list ? el("details", { class: "pad-rules", id }, el("summary", {
    text: t("changed_rules", { n: Object.keys(rules.options || {}).length }) }), list) : null;
}
