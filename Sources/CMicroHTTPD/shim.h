// GNU libmicrohttpd from Debian's libmicrohttpd-dev (runtime libmicrohttpd12): the HTTP server
// under `expenses serve`. It parses requests, holds the connections and their timeouts and speaks
// TLS through GnuTLS; WebServing's HTTPServer only answers the requests it hands over.
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic, which Swift cannot call: the daemon is started with the
// request-completed callback and an array of the other options (MHD_OPTION_ARRAY).
static inline struct MHD_Daemon *expenses_mhd_start(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls, struct MHD_OptionItem *options) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

// MHD_get_connection_info is variadic too: the client's address, or NULL.
static inline const struct sockaddr *expenses_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}
