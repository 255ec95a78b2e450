package dev.retryowner.jobs.panel;

import com.sun.net.httpserver.HttpServer;
import dev.retryowner.jobs.Inspector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The tasks panel: server-rendered pages over an {@link Inspector} on the JDK's HTTP server.
 *
 * <pre>{@code
 * try (PanelServer panel = PanelServer.builder(jobs.inspector()).port(8077)
 *     .action(redeliverAction).start()) {
 *   System.out.println("Jobs panel: " + panel.uri());
 *   ...
 * }
 * }</pre>
 *
 * <p>It binds to 127.0.0.1 unless told otherwise, and refuses to bind anywhere else without an
 * access token. Actions are POSTs carrying the server's CSRF token from a same-origin page; GETs
 * change nothing. See docs/jobs-panel.md.
 */
public final class PanelServer implements AutoCloseable {
  /** The port of a panel that names none. */
  public static final int DEFAULT_PORT = 8077;
  /** Access tokens shorter than this are refused: they could be guessed. */
  public static final int MIN_TOKEN_LENGTH = 16;

  private final HttpServer server;
  private final URI uri;

  private PanelServer(HttpServer server, URI uri) {
    this.server = server;
    this.uri = uri;
  }

  /** Starts declaring a panel over {@code inspector}. */
  public static Builder builder(Inspector inspector) {
    return new Builder(inspector);
  }

  /** Where the panel answers, e.g. {@code http://127.0.0.1:8077/}. */
  public URI uri() {
    return uri;
  }

  /** The port the panel listens on (the one chosen when the builder said 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Stops answering at once. */
  @Override
  public void close() {
    server.stop(0);
  }

  /** Declares a {@link PanelServer}. */
  public static final class Builder {
    private final Inspector inspector;
    private String host = "127.0.0.1";
    private int port = DEFAULT_PORT;
    private String accessToken;
    private final List<PanelAction> actions = new ArrayList<>();

    private Builder(Inspector inspector) {
      this.inspector = Objects.requireNonNull(inspector, "inspector");
    }

    /**
     * The address to bind (127.0.0.1 unless set). Any address that is not loopback needs an
     * {@link #accessToken}.
     */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /** The port ({@value PanelServer#DEFAULT_PORT} unless set; 0 takes a free one). */
    public Builder port(int port) {
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException("a port is 0 to 65535 (0 = any free port): " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * The token every request must carry (header {@code Authorization: Bearer <token>}, or the
     * cookie the panel's sign-in form sets). Required when binding off loopback; at least {@value
     * PanelServer#MIN_TOKEN_LENGTH} characters.
     */
    public Builder accessToken(String accessToken) {
      Objects.requireNonNull(accessToken, "accessToken");
      if (accessToken.length() < MIN_TOKEN_LENGTH) {
        throw new IllegalArgumentException("the panel's access token must have at least "
            + MIN_TOKEN_LENGTH + " characters, but has " + accessToken.length()
            + "; generate one, e.g. `openssl rand -base64 24`");
      }
      this.accessToken = accessToken;
      return this;
    }

    /** Adds an application action to the overview (ids must differ). */
    public Builder action(PanelAction action) {
      Objects.requireNonNull(action, "action");
      actions.add(action);
      return this;
    }

    /**
     * Binds and starts answering.
     *
     * @throws IllegalStateException if the address is not loopback and no access token is set
     * @throws UncheckedIOException if the address cannot be bound
     */
    public PanelServer start() {
      Set<String> ids = new HashSet<>();
      for (PanelAction action : actions) {
        if (!ids.add(action.id())) {
          throw new IllegalArgumentException("two panel actions have the id " + action.id());
        }
      }
      InetAddress address;
      try {
        address = InetAddress.getByName(host);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("the panel cannot bind to unknown host " + host, e);
      }
      if (!address.isLoopbackAddress() && accessToken == null) {
        throw new IllegalStateException("The jobs panel would bind to " + host + ", which is not"
            + " loopback, without an access token: anyone who reaches it could retry and cancel"
            + " jobs. Set one with PanelServer.builder(...).accessToken(token), or bind to"
            + " 127.0.0.1.");
      }
      RequestGuard guard = new RequestGuard(accessToken);
      PanelPages pages = new PanelPages(inspector, actions, guard.csrfToken());
      HttpServer server;
      try {
        server = HttpServer.create(new InetSocketAddress(address, port), 0);
      } catch (IOException e) {
        throw new UncheckedIOException("the jobs panel cannot listen on " + host + ":" + port
            + " (" + e.getMessage() + "); choose another port", e);
      }
      server.createContext("/", new PanelHandler(inspector, pages, guard, actions));
      server.start();
      String uriHost = address.getHostAddress().contains(":")
          ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
      return new PanelServer(server,
          URI.create("http://" + uriHost + ":" + server.getAddress().getPort() + "/"));
    }
  }
}
