// Content script on the Snaplist site (registered by the background for the configured server's host).
import { startWebBridge } from './bridge';

void startWebBridge(window);
