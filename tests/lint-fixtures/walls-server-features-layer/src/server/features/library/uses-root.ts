// Must fail: the composition root (app.ts, server.ts, …) builds the features, never the other way
// round; and the server never imports client code.
import { buildApp } from '../../app.ts';
import { startServer } from '@server/server.ts';
import { cn } from '@client/lib/cn.ts';

export const value = [buildApp, startServer, cn];
