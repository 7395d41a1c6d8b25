/** hexarena's version, as `--version`, UHP's `id` and GTP's `version` say it. */
export const VERSION = '0.1.0';
