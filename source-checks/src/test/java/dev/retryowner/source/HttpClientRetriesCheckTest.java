package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.lineOf;
import static dev.retryowner.source.SourceTree.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each finding kind of HttpClientRetries next to its look-alike, on a team catalog of stub
 * vendor types (the sources only need to parse). A line ending in {@code // hit: text} must carry
 * exactly one finding whose message contains {@code text}; every other line none.
 */
class HttpClientRetriesCheckTest {
  private static final String CATALOG = """
      @rule HttpClientRetries
      @library Vendor HTTP
      client-builder com.vendor.http.Client$Builder @ a new builder retries
      client-builder com.vendor.http.Clients#custom @ returns a new builder
      no-retry com.vendor.http.Client$Builder#retries(false) @ switches them off
      no-retry com.vendor.http.Client$Builder#policy(com.vendor.http.Policies#NONE) @ no policy
      no-retry com.vendor.http.Client$Builder#policy(com.vendor.http.Policies#none()) @ no policy
      retrying-factory com.vendor.http.Clients#createDefault @ retries 3 times
      retrying-factory com.vendor.http.Clients#create(java.lang.String) @ retries 3 times
      retrying-constructor com.vendor.http.Client() @ retries 3 times
      retrying-call com.vendor.http.Client$Builder#retryOn5xx @ turns status retries on
      @library Vendor backoff
      no-retry com.vendor.http.FixedDelay(0, *) @ zero retries
      @library Vendor connections
      retrying-factory com.vendor.http.Address#open used-as=com.vendor.http.WebConnection receiver-literal=http://,https:// @ a web connection re-sends once
      @library Vendor JDK
      @unless-jvm-property vendor.http.noRetry=true
      retrying-factory com.vendor.http.Jdk#newClient @ re-sends after a connect failure
      """;
  private static final String BUILT_WITHOUT = "never calls retries(false) or";
  private static final String LEAVES_ON = "which leaves its retries on";

  @TempDir Path root;
  private Path catalog;

  @BeforeEach
  void writeCatalog() throws IOException {
    catalog = root.resolve("team.catalog");
    Files.writeString(catalog, CATALOG);
  }

  @Test
  void aFindingSitsOnTheLineJavacGivesTheInstructionAndCarriesTheEntry() throws IOException {
    String source = """
        package com.acme.app;

        import com.vendor.http.Client;

        class Billing {
          Client client() {
            return // origin: javac gives a construction its statement's line
                new Client.Builder()
                    .timeout(5)
                    .build();
          }

          Client.Builder retrying(Client.Builder builder) {
            return builder
                .timeout(5).retries( // call
                    true);
          }
        }
        """;
    write(root, "com/acme/app/Billing.java", source);

    assertThat(check(config())).hasSize(2).anySatisfy(finding -> {
      assertThat(finding.rule()).isEqualTo("HttpClientRetries");
      assertThat(finding.className()).isEqualTo("com.acme.app.Billing");
      assertThat(finding.member()).isEqualTo("client()");
      assertThat(finding.sourcePath()).isEqualTo("com/acme/app/Billing.java");
      assertThat(finding.line()).isEqualTo(lineOf(source, "origin: javac gives a construction"
          + " its statement's line"));
      assertThat(finding.site()).isEqualTo(Site.CONSTRUCTOR_CALL);
      assertThat(finding.target()).isEqualTo("com.vendor.http.Client.Builder");
      assertThat(finding.message()).isEqualTo("constructs com.vendor.http.Client.Builder() and"
          + " never calls retries(false) or policy(com.vendor.http.Policies#NONE) or"
          + " policy(com.vendor.http.Policies#none()) on it in this method, so its retries stay"
          + " on");
      assertThat(finding.reason()).isEqualTo("a new builder retries");
    }).anySatisfy(finding -> {
      assertThat(finding.member()).isEqualTo("retrying(com.vendor.http.Client$Builder)");
      assertThat(finding.line()).isEqualTo(lineOf(source, "call"));
      assertThat(finding.site()).isEqualTo(Site.CALL);
      assertThat(finding.target()).isEqualTo("com.vendor.http.Client.Builder#retries(false)");
      assertThat(finding.message()).isEqualTo("calls com.vendor.http.Client.Builder#retries(true),"
          + " which leaves its retries on; NoRetry is retries(false)");
    });
  }

  @Test
  void theNoRetryCallNeedsItsConstantArguments() throws IOException {
    assertHitsAtMarkers("com/acme/app/Arguments.java", """
        package com.acme.app;

        import com.vendor.http.Client;
        import com.vendor.http.FixedDelay;
        import com.vendor.http.Policies;
        import java.time.Duration;

        class Arguments {
          static final boolean NO_RETRIES = false;

          Client literal() {
            return new Client.Builder().retries(false).build();
          }

          Client otherLiteral() {
            return new Client.Builder().retries(true).build(); // hit: which leaves its retries on
          }

          Client fromParameter(boolean retry) {
            return new Client.Builder()
                .retries(retry) // hit: not a constant, so its retries cannot be verified off
                .build();
          }

          Client fromExpression(boolean retry) {
            return new Client.Builder().retries(!retry).build(); // hit: not a constant
          }

          Client constantVariables() {
            final boolean off = false;
            new Client.Builder().retries(NO_RETRIES).build();
            new Client.Builder().retries(Arguments.NO_RETRIES).build();
            return new Client.Builder().retries(off).build();
          }

          Client mutableVariable() {
            boolean off = false;
            return new Client.Builder().retries(off).build(); // hit: not a constant
          }

          Client staticMembers() {
            new Client.Builder().policy(Policies.NONE).build();
            new Client.Builder().policy((Policies.none())).build();
            return new Client.Builder().policy(Policies.DEFAULT).build(); // hit: NoRetry is
          }

          void constructorArguments(Duration delay) {
            new FixedDelay(0, delay);
            new FixedDelay(0L, Duration.ZERO);
            new FixedDelay(-0, delay);
            new FixedDelay(3, delay); // hit: NoRetry is new com.vendor.http.FixedDelay(0, …)
          }
        }
        """);
  }

  @Test
  void aFlowRunsAcrossStatementsThroughOneLocalVariable() throws IOException {
    assertHitsAtMarkers("com/acme/app/Flows.java", """
        package com.acme.app;

        import com.vendor.http.Client;
        import com.vendor.http.Policies;

        class Flows {
          Client chained() {
            return new Client.Builder().timeout(5).build(); // hit: never calls retries(false)
          }

          Client declared() {
            Client.Builder builder = new Client.Builder().timeout(5);
            builder.connections(4);
            builder.retries(false).build();
            return builder.build();
          }

          Client assigned() {
            Client.Builder builder;
            builder = (new Client.Builder());
            return builder.policy(Policies.NONE).build();
          }

          Client inferred() {
            var builder = new Client.Builder();
            builder.retries(false);
            return builder.build();
          }

          Client anotherVariable() {
            Client.Builder plain = new Client.Builder(); // hit: never calls retries(false)
            Client.Builder safe = new Client.Builder();
            safe.retries(false);
            plain.timeout(3);
            return plain.build();
          }

          Client reassigned() {
            Client.Builder builder = new Client.Builder().retries(false);
            builder.build();
            builder = new Client.Builder(); // hit: never calls retries(false)
            return builder.timeout(1).build();
          }

          Client builtClientIsPartOfTheFlow() {
            Client client = new Client.Builder().build();
            return client.newBuilder().retries(false).build();
          }
        }
        """);
  }

  @Test
  void aLaterCallThatTurnsRetriesBackOnIsAFinding() throws IOException {
    assertHitsAtMarkers("com/acme/app/Later.java", """
        package com.acme.app;

        import com.vendor.http.Client;

        class Later {
          Client reenabled(boolean debug) {
            Client.Builder builder = new Client.Builder().retries(false);
            if (debug) {
              builder.retries(true); // hit: which leaves its retries on
            }
            return builder.retryOn5xx(2).build(); // hit: which turns the client's retries on
          }
        }
        """);
  }

  @Test
  void aFlowNeverCrossesMethodsNorLeavesItsLocalVariable() throws IOException {
    assertHitsAtMarkers("com/acme/app/Crossing.java", """
        package com.acme.app;

        import com.vendor.http.Client;

        class Crossing {
          private Client.Builder builder;

          Client passedToAHelper() {
            Client.Builder local = new Client.Builder(); // hit: never calls retries(false)
            configure(local);
            return local.build();
          }

          private static void configure(Client.Builder builder) {
            builder.retries(false);
          }

          Client.Builder returned() {
            return new Client.Builder(); // hit: never calls retries(false)
          }

          void storedInAField() {
            builder = new Client.Builder(); // hit: never calls retries(false)
            builder.retries(false);
            this.builder = new Client.Builder(); // hit: never calls retries(false)
          }

          Client throughAnAlias() {
            Client.Builder builder = new Client.Builder(); // hit: never calls retries(false)
            Client.Builder alias = builder;
            alias.retries(false);
            return builder.build();
          }

          Client inAParameter(Client.Builder given) {
            given = new Client.Builder(); // hit: never calls retries(false)
            given.retries(false);
            return given.build();
          }

          Client passedAsArgument() {
            return build(new Client.Builder()); // hit: never calls retries(false)
          }

          private static Client build(Client.Builder builder) {
            return builder.build();
          }
        }
        """);
  }

  @Test
  void lambdasAndInitializersHoldTheirOwnFlows() throws IOException {
    assertHitsAtMarkers("com/acme/app/Lambdas.java", """
        package com.acme.app;

        import com.vendor.http.Client;
        import java.util.function.Supplier;

        class Lambdas {
          private final Supplier<Client> safe = () -> new Client.Builder().retries(false).build();
          private final Supplier<Client> plain = () -> new Client.Builder().build(); // hit: never
          private final Client field = new Client.Builder().build(); // hit: never calls
          private static final Client STATIC;

          static {
            Client.Builder builder = new Client.Builder();
            builder.retries(false);
            STATIC = builder.build();
          }

          Runnable localInLambda() {
            return () -> {
              Client.Builder builder = new Client.Builder();
              builder.retries(false);
            };
          }

          Runnable callInANestedLambdaIsInTheMethod() {
            Client.Builder builder = new Client.Builder();
            return () -> builder.retries(false);
          }

          Supplier<Client> lambdaShadowsNothingOutside() {
            Supplier<Client.Builder> make = () -> {
              Client.Builder builder = new Client.Builder(); // hit: never calls retries(false)
              return builder;
            };
            Client.Builder builder = make.get();
            builder.retries(false);
            return builder::build;
          }
        }
        """);
  }

  @Test
  void retryingFactoriesConstructorsAndCalls() throws IOException {
    assertHitsAtMarkers("com/acme/app/Factories.java", """
        package com.acme.app;

        import com.vendor.http.Client;
        import com.vendor.http.Clients;
        import com.vendor.http.Config;
        import com.vendor.http.Template;
                import java.util.function.Supplier;

        class Factories {
          void factories(Template template, String url) {
            Clients.createDefault(); // hit: which returns a client with its retries on
            Clients.create("https://example.com"); // hit: which returns a client
            Clients.create(url); // hit: which returns a client
            Clients.create(template);
            Clients.minimal();
          }

          void constructors(Config config) {
            new Client(); // hit: which builds a client with its retries on
            new Client(config);
            new Client() { // hit: which builds a client with its retries on
              @Override
              public String toString() {
                return "anonymous";
              }
            };
          }

          void references(Client.Builder builder) {
            Supplier<Client> factory = Clients::createDefault; // hit: which returns a client
            Supplier<Client> constructor = Client::new; // hit: which builds a client
            Supplier<Client.Builder> builders = Client.Builder::new; // hit: never calls
            Consumer<Boolean> retries = builder::retries; // hit: not a constant
            Function<Client.Builder, Client> build = Client.Builder::build;
          }

          void retryingCalls() {
            new Client.Builder().retries(false).retryOn5xx(3); // hit: turns the client's
            Clients.custom().retries(false)
                .retryOn5xx(3); // hit: which turns the client's retries on
          }

          void aBuilderMethodNamedLikeTheOriginsFactory() {
            Clients.custom().createDefault().retries(false).build();
          }
        }
        """);
  }

  @Test
  void staticImportsAndQualifiedNames() throws IOException {
    assertHitsAtMarkers("com/acme/app/Imports.java", """
        package com.acme.app;

        import static com.vendor.http.Clients.createDefault;
        import static com.vendor.http.Clients.custom;
        import static com.vendor.http.Policies.*;

        class Imports {
          void statics() {
            createDefault(); // hit: which returns a client with its retries on
            custom().timeout(1).build(); // hit: never calls retries(false)
            custom().policy(NONE).build();
            custom().policy(none()).build();
            custom().policy(DEFAULT).build(); // hit: NoRetry is
          }

          void qualified() {
            com.vendor.http.Clients.createDefault(); // hit: returns a client
            new com.vendor.http.Client(); // hit: which builds a client
            new com.vendor.http.Client.Builder() // hit: never calls retries(false)
                .build();
            new com.vendor.http.Client.Builder()
                .policy(com.vendor.http.Policies.NONE).build();
          }
        }
        """);
  }

  @Test
  void ownTypesAndMethodsNamedLikeCatalogOnesAreNotFindings() throws IOException {
    assertHitsAtMarkers("com/acme/app/Shadows.java", """
        package com.acme.app;

        import static com.vendor.http.Clients.createDefault;

        import com.vendor.http.Client;

        class Shadows {
          void localClass() {
            class Client {
              Client retries(boolean on) {
                return this;
              }
            }
            new Client().retries(true);
          }

          void ownMethod() {
            createDefault();
          }

          static Shadows createDefault() {
            return new Shadows();
          }

          static class Clients {
            static Clients createDefault() {
              return new Clients();
            }
          }

          void memberClass() {
            Clients.createDefault();
          }

          void unrelatedReceiver(Settings settings) {
            settings.retries(true);
            settings.retryOn5xx(3);
          }

          interface Settings {
            Settings retries(boolean on);

            Settings retryOn5xx(int times);
          }

          void vendorsStillSeen() {
            new Client(); // hit: builds a client
          }
        }
        """);
  }

  @Test
  void aReceiverTheSourceCannotTypeIsNotSeen() throws IOException {
    assertHitsAtMarkers("com/acme/app/Unknown.java", """
        package com.acme.app;

        import com.vendor.http.Client;

        class Unknown {
          Client.Builder builder() {
            return Holder.builder;
          }

          void resultOfAnotherCall() {
            builder().retries(true);
            builder().retryOn5xx(3);
          }

          void knownVariable() {
            Client.Builder builder = builder();
            builder.retries(true); // hit: which leaves its retries on
          }

          static class Holder {
            static Client.Builder builder;
          }
        }
        """);
  }

  @Test
  void aSubtypeReceiverIsSeenThroughTheCompiledClasses() throws IOException {
    write(root, "com/acme/app/MyBuilder.java", """
        package com.acme.app;

        import com.vendor.http.Client;

        class MyBuilder extends Client.Builder {
          MyBuilder() {
            retries(true);
          }

          void configure() {
            MyBuilder builder = new MyBuilder();
            builder.retries(true);
          }
        }
        """);
    TypeRelations extendsBuilder =
        new ParentRelations(Map.of("com.acme.app.MyBuilder", "com.vendor.http.Client$Builder"));

    assertThat(check(config(), extendsBuilder)).extracting(Finding::line)
        .as("no origin: a subclass's construction is not the catalog's builder")
        .containsExactly(7, 12);
    assertThat(check(config(), TypeRelations.exactNamesOnly())).isEmpty();
  }

  @Test
  void aFileNamingOnlyAKnownSubtypeOfAClientIsChecked() throws IOException {
    write(root, "com/acme/app/Mine.java", """
        package com.acme.app;

        class Mine extends MyBuilder {
          Mine() {
            retries(true);
          }
        }
        """);
    TypeRelations mineIsABuilder =
        new ParentRelations(Map.of("com.acme.app.Mine", "com.vendor.http.Client$Builder"));
    JavaSources sources = new JavaSources();

    assertThat(new HttpClientRetriesCheck(config(), mineIsABuilder, sources)
        .findings(List.of(root))).extracting(Finding::line).containsExactly(5);
    Path mine = root.resolve("com/acme/app/Mine.java");
    assertThat(new HttpClientRetriesCheck(config(), TypeRelations.exactNamesOnly(), sources)
        .mayMatch(new JavaSources.SourceFile(mine, "com/acme/app/Mine.java")))
        .as("without the relation nothing in the file names a client").isFalse();
  }

  @Test
  void anEntryThatAsksForEvidenceIsAFindingWhereTheResultIsUsedAsOneOfItsTypes()
      throws IOException {
    assertHitsAtMarkers("com/acme/app/Links.java", """
        package com.acme.app;

        import com.vendor.http.Address;
        import com.vendor.http.Connection;
        import com.vendor.http.FileConnection;
        import com.vendor.http.WebConnection;
        import java.util.function.Function;

        class Links {
          WebConnection stored;

          WebConnection declared(Address address) {
            WebConnection connection = address.open(); // hit: (its result is used as com.vendor.http.WebConnection)
            return connection;
          }

          void assigned(Address address) {
            this.stored = address.open(); // hit: which returns a client with its retries on
          }

          Object cast(Address address, boolean fresh) {
            return (WebConnection)
                (fresh
                    ? address.open() // hit: (its result is used as com.vendor.http.WebConnection)
                    : null);
          }

          Connection anyConnection(Address address) {
            return address.open();
          }

          Object asAFileConnection(Address address) {
            return (FileConnection) address.open();
          }

          Function<Address, Connection> referenced() {
            return Address::open;
          }
        }
        """);
  }

  @Test
  void anEntryThatAsksForEvidenceIsAFindingWhereTheReceiverIsBuiltFromAMatchingLiteral()
      throws IOException {
    assertHitsAtMarkers("com/acme/app/Links.java", """
        package com.acme.app;

        import com.vendor.http.Address;
        import com.vendor.http.Connection;

        class Links {
          private static final String STATUS = "https://status.acme.com";

          Connection throughLocals(String host) {
            String base = "http://" + host;
            Address address;
            address = Address.of(base + "/ping");
            return address.open(); // hit: (its receiver is built from "http://")
          }

          Connection upperCase() {
            Address address = Address.of("HTTPS://api.acme.com/v1");
            return address.open(); // hit: (its receiver is built from "HTTPS://api.acme.com/v1")
          }

          Connection aFile() {
            Address address = Address.of("file:///var/data/export.csv");
            return address.open();
          }

          Connection aConstantOfTheClass() {
            Address address = Address.of(STATUS);
            return address.open(); // hit: (its receiver is built from "https://status.acme.com")
          }

          Connection aParameter(Address address) {
            return address.open();
          }
        }
        """);
  }

  @Test
  void theCompiledClassesNameTheReceiverTheSourceDoesNotShow() throws IOException {
    String source = """
        package com.acme.app;

        import com.vendor.http.WebConnection;

        class Requests {
          WebConnection open(Request request) {
            return (WebConnection) request.address().open(); // handed out
          }

          Object untyped() {
            java.util.function.Function<Object, Object> open = a -> (WebConnection) a.open(); // lambda
            return open;
          }
        }
        """;
    write(root, "com/acme/app/Requests.java", source);
    int handedOut = lineOf(source, "handed out");
    int lambda = lineOf(source, "lambda");
    TypeRelations compiled = new CompiledCallRelations("com/acme/app/Requests.java", List.of(
        new CompiledCall(handedOut, "address", "com.acme.app.Request"),
        new CompiledCall(handedOut, "open", "com.vendor.http.Address"),
        new CompiledCall(lambda, "open", "com.vendor.http.Address")));

    assertThat(check(config())).as("the file names no client type; the source alone takes"
        + " request.address() for a Request").isEmpty();
    assertThat(check(config(), compiled)).extracting(Finding::line)
        .containsExactly(handedOut, lambda);
  }

  @Test
  void aDeclaredJvmPropertySkipsItsEntries() throws IOException {
    write(root, "com/acme/app/Jdk.java", """
        package com.acme.app;

        class Jdk {
          Object client() {
            return com.vendor.http.Jdk.newClient();
          }
        }
        """);

    assertThat(check(config())).extracting(Finding::line).containsExactly(5);
    assertThat(check(GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(catalog)
        .jvmProperties("vendor.http.noRetry=true").build())).isEmpty();
  }

  @Test
  void onlyFilesNamingACatalogMethodOrTypeAreParsed() throws IOException {
    write(root, "com/acme/app/Broken.java", "class Broken { void f( }");
    JavaSources sources = new JavaSources();
    new HttpClientRetriesCheck(config(), TypeRelations.exactNamesOnly(), sources)
        .findings(List.of(root));
    assertThat(sources.warnings()).isEmpty();

    write(root, "com/acme/app/Broken.java", "class Broken { void f( { retries(true); }");
    JavaSources noClient = new JavaSources();
    new HttpClientRetriesCheck(config(), TypeRelations.exactNamesOnly(), noClient)
        .findings(List.of(root));
    assertThat(noClient.warnings()).as("a catalog method name, but no client type").isEmpty();

    write(root, "com/acme/app/Broken.java", "class Broken { void f( { new Client(); }");
    JavaSources nextRun = new JavaSources();
    new HttpClientRetriesCheck(config(), TypeRelations.exactNamesOnly(), nextRun)
        .findings(List.of(root));
    assertThat(nextRun.warnings()).singleElement().asString().contains("does not parse");
  }

  private GateConfig config() {
    return GateConfig.builder().jobsPackages("com.acme.jobs").catalogFile(catalog).build();
  }

  private void assertHitsAtMarkers(String path, String source) throws IOException {
    write(root, path, source);
    List<Integer> lines = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    List<String> sourceLines = source.lines().toList();
    for (int i = 0; i < sourceLines.size(); i++) {
      int marker = sourceLines.get(i).indexOf("// hit: ");
      if (marker >= 0) {
        lines.add(i + 1);
        texts.add(sourceLines.get(i).substring(marker + "// hit: ".length()));
      }
    }
    List<Finding> findings = check(config()).stream()
        .sorted(Comparator.comparingInt(Finding::line)).toList();
    assertThat(findings).extracting(Finding::line).containsExactlyElementsOf(lines);
    for (int i = 0; i < findings.size(); i++) {
      assertThat(findings.get(i).message()).as("line %d", lines.get(i)).contains(texts.get(i));
    }
  }

  private List<Finding> check(GateConfig config) throws IOException {
    return check(config, TypeRelations.exactNamesOnly());
  }

  private List<Finding> check(GateConfig config, TypeRelations relations) throws IOException {
    return new HttpClientRetriesCheck(config, relations, new JavaSources())
        .findings(List.of(root));
  }
}
