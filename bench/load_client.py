"""A small HTTP client over one keep-alive connection (standard library only), as the
load test's readers and arbiter, and the budgets' server checks, use it."""

from __future__ import annotations

import http.client
import urllib.parse
from http.cookies import SimpleCookie
from typing import Any

# --- A small HTTP client ---------------------------------------------------------------


class Client:
    """One keep-alive connection with its own cookies, like one browser tab.

    Cookies are kept by name whatever their ``Secure`` flag: the server sees HTTPS (the
    ``X-Forwarded-Proto`` header) while the socket is plain HTTP on the loopback.
    """

    def __init__(self, base_url: str, *, forwarded_proto: str | None, timeout: float) -> None:
        url = urllib.parse.urlsplit(base_url)
        self.host = url.hostname or "127.0.0.1"
        self.port = url.port or 80
        self.scheme = forwarded_proto or url.scheme
        self.forwarded_proto = forwarded_proto
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.last_headers: Any = None
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"

    def request(
        self, method: str, path: str, *, form: dict[str, str] | None = None, **headers: str
    ) -> tuple[int, str]:
        """Send one request and read the whole answer: (status, body)."""
        head = {"Host": f"{self.host}:{self.port}", **headers}
        if self.forwarded_proto:
            head["X-Forwarded-Proto"] = self.forwarded_proto
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            head["Content-Type"] = "application/x-www-form-urlencoded"
            head["Origin"] = self.origin
            head["Referer"] = self.origin + path
        try:
            self.connection.request(method, path, body=body, headers=head)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            raise
        self.last_headers = response.headers
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return response.status, data.decode("utf-8", "replace")

    def close(self) -> None:
        self.connection.close()
