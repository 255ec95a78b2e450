package dev.retryowner.gate.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files the key reads and which it recalls, and that every change still changes the key.
 * A run "an hour later" passes a reference an hour ahead, so that the files written here count as
 * safely older than the run; a run "now" takes the file system's time, so they do not.
 */
class FileHashesTest {
  private static final FileTime AN_HOUR_AGO =
      FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS));

  @TempDir Path temp;
  private Path classes;
  private Path billing;
  private Path hashesFile;

  @BeforeEach
  void classes() throws IOException {
    classes = Files.createDirectories(temp.resolve("classes"));
    billing = Files.write(Files.createDirectories(classes.resolve("com/acme"))
        .resolve("Billing.class"), new byte[] {1, 2, 3});
    Files.setLastModifiedTime(billing, AN_HOUR_AGO);
    hashesFile = temp.resolve("retry-owner/gate-cache-CheckMojo-files.txt");
  }

  /** One run's key: the hashes the last run recorded, then this run's recorded for the next. */
  private Run run(FileTime reference) throws IOException {
    FileHashes hashes = FileHashes.recordedIn(hashesFile, reference);
    String key = GateCacheKey.builder(hashes).files("classes", List.of(classes)).build();
    hashes.record(hashesFile);
    return new Run(key, hashes.filesRead());
  }

  private Run runAnHourLater() throws IOException {
    return run(FileTime.from(Instant.now().plus(1, ChronoUnit.HOURS)));
  }

  private Run runNow() throws IOException {
    return run(FileHashes.fileSystemTime(temp));
  }

  private record Run(String key, int filesRead) {}

  @Test
  void anUnchangedFileSafelyOlderThanTheRunIsRecalledNotRead() throws IOException {
    Run first = runAnHourLater();

    Run second = runAnHourLater();

    assertThat(first.filesRead()).isEqualTo(1);
    assertThat(second.filesRead()).isZero();
    assertThat(second.key()).isEqualTo(first.key())
        .isEqualTo(GateCacheKey.builder().files("classes", List.of(classes)).build());
  }

  @Test
  void aFileChangedWithinTheMarginOfTheRunIsReadAgainEvenIfNothingChanged() throws IOException {
    Files.setLastModifiedTime(billing, FileHashes.fileSystemTime(temp));
    runNow();

    assertThat(runNow().filesRead()).isEqualTo(1);
  }

  @Test
  void aSameSizeRewriteWithinTheMarginKeepingTheModificationTimeChangesTheKey()
      throws IOException {
    FileTime written = FileHashes.fileSystemTime(temp);
    Files.setLastModifiedTime(billing, written);
    Run first = runNow();

    Files.write(billing, new byte[] {1, 2, 4});
    Files.setLastModifiedTime(billing, written);

    assertThat(runNow().key()).isNotEqualTo(first.key());
  }

  @Test
  void aSameSizeRewriteWithTheModificationTimeSetBackChangesTheKeyByTheStatusChangeTime()
      throws IOException {
    assumeTrue(classes.getFileSystem().supportedFileAttributeViews().contains("unix"),
        "the file system tells no status-change time");
    FileTime changed = (FileTime) Files.getAttribute(billing, "unix:ctime");
    Run first = runAnHourLater();
    waitForTheFileSystemClockToPass(changed);

    Files.write(billing, new byte[] {1, 2, 4});
    Files.setLastModifiedTime(billing, AN_HOUR_AGO);
    Run second = runAnHourLater();

    assertThat(second.filesRead()).isEqualTo(1);
    assertThat(second.key()).isNotEqualTo(first.key());
  }

  @Test
  void aTouchedFileWithTheSameContentIsReadOnceAndKeepsTheKey() throws IOException {
    Run first = runAnHourLater();

    Files.setLastModifiedTime(billing, FileTime.from(AN_HOUR_AGO.toInstant().plusSeconds(60)));
    Run touched = runAnHourLater();
    Run after = runAnHourLater();

    assertThat(touched.filesRead()).isEqualTo(1);
    assertThat(touched.key()).isEqualTo(first.key());
    assertThat(after.filesRead()).isZero();
  }

  @Test
  void aRewriteOfAnotherSizeChangesTheKey() throws IOException {
    Run first = runAnHourLater();

    Files.write(billing, new byte[] {1, 2, 3, 4});
    Files.setLastModifiedTime(billing, AN_HOUR_AGO);

    assertThat(runAnHourLater().key()).isNotEqualTo(first.key());
  }

  @Test
  void anAddedFileChangesTheKeyAndRemovingItRestoresIt() throws IOException {
    Run first = runAnHourLater();
    Path invoice = Files.write(billing.resolveSibling("Invoice.class"), new byte[] {7});

    Run added = runAnHourLater();
    Files.delete(invoice);
    Run removed = runAnHourLater();

    assertThat(added.key()).isNotEqualTo(first.key());
    assertThat(added.filesRead()).isEqualTo(1);
    assertThat(removed.key()).isEqualTo(first.key());
  }

  @Test
  void aRemovedFileChangesTheKey() throws IOException {
    Run first = runAnHourLater();

    Files.delete(billing);

    assertThat(runAnHourLater().key()).isNotEqualTo(first.key());
  }

  @Test
  void aDamagedHashesFileReadsEveryFileAgain() throws IOException {
    Run first = runAnHourLater();
    Files.writeString(hashesFile, Files.readString(hashesFile) + "file\tonly two fields\n");

    Run second = runAnHourLater();

    assertThat(second.filesRead()).isEqualTo(1);
    assertThat(second.key()).isEqualTo(first.key());
  }

  @Test
  void unchangedHashesAreNotWrittenAgain() throws IOException {
    runAnHourLater();
    Files.setLastModifiedTime(hashesFile, AN_HOUR_AGO);

    runAnHourLater();

    assertThat(Files.getLastModifiedTime(hashesFile)).isEqualTo(AN_HOUR_AGO);
  }

  @Test
  void theFileSystemTimeLeavesNoFileBehind() throws IOException {
    Path directory = temp.resolve("new/retry-owner");

    FileHashes.fileSystemTime(directory);

    try (var files = Files.list(directory)) {
      assertThat(files).isEmpty();
    }
  }

  /** Until a file written now gets a later time than {@code time} (one time stamp tick at most). */
  private void waitForTheFileSystemClockToPass(FileTime time) throws IOException {
    while (FileHashes.fileSystemTime(temp).compareTo(time) <= 0) {
      Thread.onSpinWait();
    }
  }
}
