// The settings page's button: this browser's web push subscription, on or off. The server's
// public key comes from /api/push/key; the subscription goes to /api/push/subscriptions with
// the page's CSRF token (the session cookie authenticates it).
"use strict";

(function () {
  const button = document.getElementById("push-toggle");
  const status = document.getElementById("push-status");
  if (!button || !status) return;
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    status.textContent = button.dataset.unsupported;
    return;
  }

  function keyBytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  }

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": button.dataset.csrf },
      body: JSON.stringify(body),
    });
  }

  function show(subscribed) {
    button.hidden = false;
    button.dataset.subscribed = subscribed ? "1" : "";
    button.textContent = subscribed ? button.dataset.off : button.dataset.on;
    status.textContent = subscribed ? button.dataset.onNow : "";
  }

  async function toggle() {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const current = await registration.pushManager.getSubscription();
    if (current) {
      await post("/api/push/unsubscribe", { endpoint: current.endpoint });
      await current.unsubscribe();
      show(false);
      return;
    }
    const answer = await fetch("/api/push/key", { credentials: "same-origin" });
    const key = (await answer.json()).public_key;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    });
    const saved = await post("/api/push/subscriptions", subscription.toJSON());
    show(saved.ok);
    if (!saved.ok) status.textContent = button.dataset.failed;
  }

  button.addEventListener("click", () => {
    toggle().catch(() => {
      status.textContent = button.dataset.failed;
    });
  });
  navigator.serviceWorker.getRegistration("/").then((registration) =>
    registration ? registration.pushManager.getSubscription() : null
  ).then((subscription) => show(Boolean(subscription)), () => show(false));
})();
