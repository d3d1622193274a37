// The content script on Vinted's, Depop's and Poshmark's sites (injected on every page at document_idle): the
// "Fill from Snaplist" panel on the sell form, and the report of item pages the seller opens.
import { mappingForUrl } from './marketplaces';
import { watchPages } from './watch';

const mapping = mappingForUrl(window.location.href);
if (mapping) watchPages(window, mapping);
