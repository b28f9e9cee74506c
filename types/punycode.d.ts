// punycode.js (common/api/domain-name.ts) is imported by its file, `punycode/punycode.js`, since Node resolves the
// bare name `punycode` to its own deprecated built-in; its types (@types/punycode) are declared for the bare name.
declare module 'punycode/punycode.js' {
  import * as punycode from 'punycode';
  // A CommonJS module's exports, as an ES import of it gives them: one default object.
  // eslint-disable-next-line no-restricted-exports
  export default punycode;
}
