/**
 * How Firebase's products find each other: each registers a component with the app, and
 * Firestore asks the app for `auth-internal`, the interface Auth provides to it
 * (@firebase/auth-interop-types). Firebase's public typings leave the registry out.
 */
import { Component, type ComponentType } from '@firebase/component';
import * as firebaseApp from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import type { AuthFromPage } from './authFromPage';

const { _addComponent } = firebaseApp as unknown as {
  _addComponent: (app: FirebaseApp, component: Component<never>) => void;
};

/** Firestore on this app takes the signed-in user and tokens from `auth`. */
export function provideAuthToFirestore(app: FirebaseApp, auth: AuthFromPage): void {
  _addComponent(app, new Component('auth-internal' as never, () => auth as never, 'PRIVATE' as ComponentType));
}
