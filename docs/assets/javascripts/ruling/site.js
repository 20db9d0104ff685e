// Where the site is, and the data a ruling is made from: rules.json (every rule's
// words and link) and ruling-data.json (sections, sources, errata; written by
// build_scripts/render/ruling_data.py). Each is fetched once, when first needed; offline,
// the service worker answers from its copy.

// This file is assets/javascripts/ruling/site.js: the site's root is three folders up.
export const SITE_ROOT = new URL("../../../", import.meta.url);

export function siteUrl(path) {
  return new URL(path, SITE_ROOT).href;
}

const loaded = {};

function fetchJson(path) {
  loaded[path] ||= fetch(siteUrl(path)).then((response) => {
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }).catch((error) => {
    delete loaded[path];       // a later try may work (the network came back)
    throw error;
  });
  return loaded[path];
}

/** {rules: Map id -> rule, data} once both files have arrived. */
export async function loadRulebook() {
  const [published, data] = await Promise.all([fetchJson("rules.json"), fetchJson("ruling-data.json")]);
  return { rules: new Map(published.rules.map((rule) => [rule.id, rule])), data };
}

/** The build's identity (offline.json, written with the service worker), or "" if unknown. */
export async function buildVersion() {
  try {
    return (await fetchJson("offline.json")).build || "";
  } catch {
    return "";
  }
}
