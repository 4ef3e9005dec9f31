// The server writes its public configuration (support contacts, portal and demo links) into
// every page it serves, as a meta tag of this name: pages show it without asking for it.
export const SITE_CONFIG_META = "site-config";
