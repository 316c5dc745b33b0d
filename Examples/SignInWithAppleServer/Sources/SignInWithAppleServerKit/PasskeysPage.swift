// GET /passkeys.html: a plain page that registers passkeys and signs in with them through
// navigator.credentials, against the server's JSON routes. The options JSON is turned into the browser's
// objects and the credential back into its toJSON() form by hand (base64url ↔ ArrayBuffer), so that it
// works in browsers without PublicKeyCredential.parseCreationOptionsFromJSON. The browser test drives it by
// its element IDs and reads #status.

let passkeysPage = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Passkeys</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
  button { margin: 0.25rem 0.25rem 0.25rem 0; }
  #status { margin-top: 1rem; padding: 0.5rem; background: #f4f4f4; }
  li { margin: 0.25rem 0; }
</style>
</head>
<body>
<h1>Passkeys</h1>
<p>
  <label>Username <input id="username" autocomplete="username webauthn"></label>
</p>
<p>
  <button id="register">Create an account with a passkey</button>
  <button id="signin">Sign in with a passkey</button>
</p>
<p>
  <button id="add">Add a passkey to this account</button>
  <button id="list">List my passkeys</button>
  <button id="signout">Sign out</button>
</p>
<ul id="passkeys"></ul>
<div id="status">Signed out.</div>
<script>
"use strict";
let session = null;

const b64url = {
  decode(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), c => c.charCodeAt(0)).buffer;
  },
  encode(buffer) {
    let text = "";
    for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  },
};

function show(text) { document.getElementById("status").textContent = text; }

async function call(path, body, method = "POST") {
  const headers = { "Content-Type": "application/json" };
  if (session) headers.Authorization = "Bearer " + session.sessionToken;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  if (!response.ok) throw new Error(response.status + ": " + (json.error || text));
  return json;
}

function creationOptions(json) {
  return {
    ...json,
    challenge: b64url.decode(json.challenge),
    user: { ...json.user, id: b64url.decode(json.user.id) },
    excludeCredentials: (json.excludeCredentials || []).map(c => ({ ...c, id: b64url.decode(c.id) })),
  };
}

function requestOptions(json) {
  return {
    ...json,
    challenge: b64url.decode(json.challenge),
    allowCredentials: (json.allowCredentials || []).map(c => ({ ...c, id: b64url.decode(c.id) })),
  };
}

function registrationJSON(credential) {
  const response = credential.response;
  return {
    id: credential.id, rawId: b64url.encode(credential.rawId), type: credential.type,
    response: {
      clientDataJSON: b64url.encode(response.clientDataJSON),
      attestationObject: b64url.encode(response.attestationObject),
      transports: response.getTransports ? response.getTransports() : [],
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

function authenticationJSON(credential) {
  const response = credential.response;
  return {
    id: credential.id, rawId: b64url.encode(credential.rawId), type: credential.type,
    response: {
      clientDataJSON: b64url.encode(response.clientDataJSON),
      authenticatorData: b64url.encode(response.authenticatorData),
      signature: b64url.encode(response.signature),
      userHandle: response.userHandle ? b64url.encode(response.userHandle) : null,
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

async function register(forSignedInAccount) {
  const body = forSignedInAccount ? {} : { username: document.getElementById("username").value };
  const options = await call("/passkeys/registration/options", body);
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  const created = await call("/passkeys/registration", registrationJSON(credential));
  return created.credentialID;
}

async function signIn() {
  const username = document.getElementById("username").value;
  const options = await call("/passkeys/authentication/options", username ? { username } : {});
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  session = await call("/passkeys/authentication", authenticationJSON(credential));
  return session.userID;
}

async function list() {
  const answer = await call("/passkeys", undefined, "GET");
  const items = document.getElementById("passkeys");
  items.textContent = "";
  answer.passkeys.forEach((passkey, index) => {
    const item = document.createElement("li");
    item.textContent = passkey.credentialID + (passkey.backedUp ? " (synced)" : "") + " ";
    const remove = document.createElement("button");
    remove.id = "remove-" + index;
    remove.textContent = "Remove";
    remove.onclick = () => run(async () => {
      await call("/passkeys/" + encodeURIComponent(passkey.credentialID), undefined, "DELETE");
      return "Removed " + passkey.credentialID;
    });
    item.appendChild(remove);
    items.appendChild(item);
  });
  return answer.passkeys.length + " passkey(s)";
}

function run(action) {
  show("Working...");
  action().then(text => show(text), error => show("Error: " + error.message));
}

document.getElementById("register").onclick = () => run(async () => "Registered " + await register(false));
document.getElementById("add").onclick = () => run(async () => {
  if (!session) throw new Error("sign in first");
  return "Added " + await register(true);
});
document.getElementById("signin").onclick = () => run(async () => "Signed in as " + await signIn());
document.getElementById("list").onclick = () => run(list);
document.getElementById("signout").onclick = () => { session = null; show("Signed out."); };
</script>
</body>
</html>
"""#
