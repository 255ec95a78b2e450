package dev.retryowner.maven.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConstructionLinePinnerTest {
  private static final String FILE = "com/acme/app/Clients.java";

  private static Finding at(int line) {
    return new Finding("HandRolledRetry", "com.acme.app.Clients", "create()", FILE, line,
        Site.CALL, "com.acme.app.Retrying$Interceptor", "constructs it", "why");
  }

  @Test
  void aConstructionInAChainMovesToItsOwnLine(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve(FILE).getParent());
    Files.writeString(root.resolve(FILE), String.join("\n",
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
        "}"));
    ConstructionLinePinner pinner = new ConstructionLinePinner(List.of(root), new JavaSources());

    assertThat(pinner.pin(at(4), "com.acme.app.Retrying$Interceptor").line()).isEqualTo(5);
    assertThat(pinner.pin(at(9), "com.acme.app.Retrying$Interceptor").line()).isEqualTo(9);
  }

  @Test
  void withoutTheSourceOrTheConstructionTheLineStays(@TempDir Path root) throws IOException {
    ConstructionLinePinner pinner = new ConstructionLinePinner(List.of(root), new JavaSources());
    assertThat(pinner.pin(at(4), "com.acme.app.Retrying$Interceptor").line()).isEqualTo(4);

    Files.createDirectories(root.resolve(FILE).getParent());
    Files.writeString(root.resolve(FILE), "class Clients {\n  Object o = make();\n}\n");
    assertThat(pinner.pin(at(2), "com.acme.app.Retrying$Interceptor").line()).isEqualTo(2);
  }
}
