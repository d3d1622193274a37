// jsdom's part the tests use, typed: @types/jsdom types the window as its own DOMWindow, which the code under
// test (written against the browser's Window) does not accept.
declare module 'jsdom' {
  export interface ConstructorOptions {
    url?: string;
    referrer?: string;
    /** 'dangerously': the test page's own scripts run, as they do in a browser. */
    runScripts?: 'dangerously' | 'outside-only';
    pretendToBeVisual?: boolean;
    /** Called with the window before the page is parsed and its scripts run. */
    beforeParse?(window: Window & typeof globalThis): void;
  }
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
  }
}
