// What one request may not do to the web process (docs/decisions/131-no-request-stops-a-process.md):
// a Host the app cannot build a URL from, a connection the HTTP parser refuses, a client that
// resets mid-body, a failure of the app after the answer began. Each ends that request (400, or
// the connection closed), never the process, never a socket left open.

const TEXT = { 'content-type': 'text/plain; charset=utf-8', connection: 'close', 'cache-control': 'no-store' };

/** Answers `status` with its reason and closes the connection once it is written. */
export function refuseAndClose(req, res, status) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.shouldKeepAlive = false;
  res.writeHead(status, TEXT).end(`${status === 400 ? 'Solicitud no válida' : 'Error'}\n`, () => req.socket?.destroySoon?.());
  req.resume();
}

/**
 * The server's `clientError` (a request line or header the parser refuses, headers too large, a
 * timeout): 431 for oversized headers, 408 for a timeout, else 400; then the socket closes.
 */
export function answerClientError(error, socket) {
  if (!socket.writable || error?.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error?.code === 'HPE_HEADER_OVERFLOW' ? 431 : error?.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  socket.destroySoon?.();
}
