// carson's service worker (served as /sw.js, its scope the whole site): shows a web push
// ("your turn", an invitation…) while no tab of the site is open, and opens the game on a
// click (or brings forward the tab that already shows it).
"use strict";

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const options = { body: data.body || "", tag: data.tag || "", data: { url: data.url || "/" } };
  event.waitUntil(self.registration.showNotification(data.title || "carson", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || "/";
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return; // never elsewhere
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target.href && "focus" in client);
      return open ? open.focus() : self.clients.openWindow(target.href);
    })
  );
});
