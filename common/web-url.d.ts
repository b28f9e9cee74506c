// The WHATWG URL parser, which every runtime Vigil's code runs in has (Chromium in the window, Node elsewhere) and
// whose host parsing is UTS #46 (common/api/domain-name.ts). common/ has neither the DOM's nor Node's types, so what
// it uses is declared here; the other layers' own declarations of URL stand for it there.
declare class URL {
  constructor(url: string);
  readonly hostname: string;
  readonly protocol: string;
  readonly origin: string;
  readonly username: string;
  readonly password: string;
}
