// The package as the page calls it: every call that writes sentences (notes,
// the description, warnings, errors, misfire and diff reasons) is given the
// page's language as its `lang` option, so results read in the language of
// the page's own words. The other calls are the package's, unchanged.

import * as pkg from '../pkg/wallclock.js';
import { lang } from './i18n.js';

export * from '../pkg/wallclock.js';

/** `options` with the page's language. */
const o = (options) => ({ ...options, lang: lang() });

export const expand = (spec, options) => pkg.expand(spec, o(options));
export const notices = (spec, window) => pkg.notices(spec, o(window));
export const validate = (spec, options) => pkg.validate(spec, o(options));
export const describe = (spec, now, options) => pkg.describe(spec, now, o(options));
export const diff = (oldSpec, newSpec, window) => pkg.diff(oldSpec, newSpec, o(window));
export const decideMisfires = (spec, due, now, options) => pkg.decideMisfires(spec, due, now, o(options));
export const simulateOutage = (spec, options) => pkg.simulateOutage(spec, o(options));
export const parseICal = (text, options) => pkg.parseICal(text, o(options));
export const toICal = (spec, options) => pkg.toICal(spec, o(options));
export const instantAt = (timeZone, text, options) => pkg.instantAt(timeZone, text, o(options));
export const noticeEnd = (spec, from, options) => pkg.noticeEnd(spec, from, o(options));
