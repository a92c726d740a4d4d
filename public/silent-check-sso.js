// The answer of the silent session check (state and code, or an error, in this page's address) goes to the app
// that opened this page in a hidden frame; keycloak-js reads it there. Only to the app's own origin.
parent.postMessage(location.href, location.origin);
