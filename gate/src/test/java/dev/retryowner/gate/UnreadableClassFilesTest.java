package dev.retryowner.gate;

import dev.retryowner.gate.GateException;
import dev.retryowner.gate.UnreadableClassFiles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnreadableClassFilesTest {
  @TempDir Path classes;

  @Test
  void listsTheClassFilesAtAnyDepthSortedWithForwardSlashes() throws Exception {
    write("com/acme/b/Two.class");
    write("com/acme/One.class");
    write("com/acme/One$Inner.class");
    write("Top.class");
    write("META-INF/versions/11/com/acme/One.class");

    assertThat(UnreadableClassFiles.classFiles(classes)).containsExactly(
        "META-INF/versions/11/com/acme/One.class", "Top.class", "com/acme/One$Inner.class",
        "com/acme/One.class", "com/acme/b/Two.class");
  }

  @Test
  void leavesOutEveryOtherFile() throws Exception {
    write("com/acme/One.class");
    write("com/acme/messages.properties");
    write("com/acme/One.java");
    write("com/acme/One.classic");

    assertThat(UnreadableClassFiles.classFiles(classes)).containsExactly("com/acme/One.class");
  }

  @Test
  void anEmptyDirectoryListsNoClassFile() throws Exception {
    Files.createDirectories(classes.resolve("com/acme"));

    assertThat(UnreadableClassFiles.classFiles(classes)).isEmpty();
  }

  @Test
  void aLinkedDirectoryIsNotFollowedSoALinkCycleCannotLoop() throws Exception {
    write("com/acme/One.class");
    Files.createSymbolicLink(classes.resolve("com/acme/loop"), classes.resolve("com"));

    assertThat(UnreadableClassFiles.classFiles(classes)).containsExactly("com/acme/One.class");
  }

  @Test
  void aFileThatIsNeitherADirectoryNorAJarIsAnErrorSayingWhatToName() throws Exception {
    Path text = write("notes.txt");

    assertThatThrownBy(() -> UnreadableClassFiles.classFiles(text))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: cannot read " + text + " as a jar")
        .hasMessageEndingWith("name a directory of compiled classes or a class jar.");
  }

  private Path write(String path) throws Exception {
    Path file = classes.resolve(path);
    Files.createDirectories(file.getParent());
    return Files.write(file, new byte[] {(byte) 0xCA, (byte) 0xFE});
  }
}
