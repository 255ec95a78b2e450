package dev.retryowner.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccessLinePinnerTest {
  private static final String FILE = "com/acme/app/Clients.java";

  private static Finding at(int line, String target) {
    return new Finding("HandRolledRetry", "com.acme.app.Clients", "create()", FILE, line,
        Site.CALL, target, "switches it on", "why");
  }

  private static void write(Path root, String... lines) throws IOException {
    Files.createDirectories(root.resolve(FILE).getParent());
    Files.writeString(root.resolve(FILE), String.join("\n", lines));
  }

  @Test
  void aConstructionInAChainMovesToItsOwnLine(@TempDir Path root) throws IOException {
    write(root,
        "class Clients {",
        "  Object create() {",
        "    return builder()",
        "        .timeout(5)",
        "        .add(new Retrying.Interceptor(3))",
        "        .build();",
        "  }",
        "  Object again() {",
        "    return java.util.Optional.of(3).map(Interceptor::new);",
        "  }",
        "}");
    AccessLinePinner pinner = new AccessLinePinner(List.of(root), new JavaSources());

    String constructed = "com.acme.app.Retrying$Interceptor";
    assertThat(pinner.pin(at(4, constructed)).line()).isEqualTo(5);
    assertThat(pinner.pin(at(9, constructed)).line()).isEqualTo(9);
  }

  @Test
  void aCallInAChainMovesToTheLineThatNamesTheMethod(@TempDir Path root) throws IOException {
    write(root,
        "class Clients {",
        "  Object create() {",
        "    return begin()",
        "        .thenRetrying(",
        "            work)",
        "        .finish();",
        "  }",
        "  Object again() {",
        "    return steps.map(Chain::thenRetrying);",
        "  }",
        "}");
    AccessLinePinner pinner = new AccessLinePinner(List.of(root), new JavaSources());

    String called = "com.acme.app.Chain#thenRetrying";
    assertThat(pinner.pin(at(3, called)).line()).isEqualTo(4);
    assertThat(pinner.pin(at(9, called)).line()).isEqualTo(9);
  }

  @Test
  void withoutTheSourceOrTheAccessTheLineStays(@TempDir Path root) throws IOException {
    AccessLinePinner pinner = new AccessLinePinner(List.of(root), new JavaSources());
    String constructed = "com.acme.app.Retrying$Interceptor";
    assertThat(pinner.pin(at(4, constructed)).line()).isEqualTo(4);

    write(root, "class Clients {", "  Object o = make();", "}");
    assertThat(pinner.pin(at(2, constructed)).line()).isEqualTo(2);
    assertThat(pinner.pin(at(2, "com.acme.app.Chain#thenRetrying")).line()).isEqualTo(2);
  }
}
