package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java snippets compile against the artifact and synthesize, as test/repo/readme.test.ts
 * does for the TypeScript ones: each becomes the body of a method that gets a fresh stack, is
 * compiled with the JDK's compiler on this suite's class path, and is run.
 */
class ReadmeSnippetsTest {
    private static final Path README = Path.of(System.getProperty("statebackends.readme", "../../README.md"));
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    /**
     * The framework's few classes by name, the library's by package: both packages have a
     * GcsBackend, and a single-type import wins over an on-demand one. (scripts/flavour.js rewrites
     * both packages for the cdktn run.)
     */
    private static final String FIXTURE_HEAD = String.join("\n",
        "import com.hashicorp.cdktf.App;",
        "import com.hashicorp.cdktf.TerraformStack;",
        "import com.hashicorp.cdktf.TerraformVariable;",
        "import com.hashicorp.cdktf.Testing;",
        "import io.github.statebackends.*;",
        "import java.util.List;",
        "import java.util.Map;",
        "");

    @TempDir
    Path dir;

    static List<String> snippets() throws IOException {
        final Matcher m = JAVA_BLOCK.matcher(Files.readString(README));
        final List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyJavaSnippetCompilesAndSynthesizes() throws IOException {
        final List<String> all = snippets();
        // GIVEN the README's Java snippets (one per store, the target helper, warnings, encryption)
        for (final String name : List.of("GcsBackend", "DataTerraformRemoteStateCos", "OssBackend",
                "DataTerraformRemoteStateAzurerm", "StateBackendTarget", "StateBackendWarnings", "StateEncryption")) {
            assertTrue(all.stream().anyMatch(s -> s.contains(name)), "no README Java snippet uses " + name);
        }
        final List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            final int n = i;
            final String firstLine = all.get(i).lines().findFirst().orElse("").strip();
            tests.add(DynamicTest.dynamicTest("snippet " + (n + 1) + ": " + firstLine, () -> run(n, all.get(n))));
        }
        return tests.stream();
    }

    private void run(final int n, final String body) throws Exception {
        // WHEN it is compiled as the body of a method given a fresh stack
        final String name = "Snippet" + n;
        final String source = FIXTURE_HEAD
            + "public class " + name + " {\n"
            + "  public static String run() {\n"
            + "    final TerraformStack stack = new TerraformStack(Testing.app(), \"readme\");\n"
            + "    {\n" + body + "\n    }\n"
            + "    return Testing.synth(stack);\n"
            + "  }\n"
            + "}\n";
        final Path file = dir.resolve(name + ".java");
        Files.writeString(file, source);
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final StringWriter diagnostics = new StringWriter();
        final boolean compiled = javac.getTask(diagnostics, null, null,
            List.of("-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), "-proc:none"),
            null, javac.getStandardFileManager(null, null, null).getJavaFileObjects(file.toFile())).call();
        // THEN it compiles
        assertTrue(compiled, "README Java snippet " + (n + 1) + " does not compile:\n" + diagnostics + "\n" + source);
        // AND it synthesizes a stack (valid JSON)
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            final String synthesized = (String) loader.loadClass(name).getMethod("run").invoke(null);
            final JsonNode json = new ObjectMapper().readTree(synthesized);
            assertEquals(true, json.isObject(), "snippet " + (n + 1) + " synthesized " + synthesized);
        }
    }
}
