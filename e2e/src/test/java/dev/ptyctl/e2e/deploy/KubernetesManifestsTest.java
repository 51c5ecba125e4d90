package dev.ptyctl.e2e.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * deploy/kubernetes/ and deploy/docker/Dockerfile checked offline (no kubectl, no Docker here): every document
 * parses, and the fields that tie the pieces together agree, as docs/scaling.md describes them.
 */
class KubernetesManifestsTest {
    private static final Path ROOT = Path.of(System.getProperty("ptyctl.root", "..")).toAbsolutePath().normalize();
    private static final Path DIR = ROOT.resolve("deploy/kubernetes");
    private static final Map<String, Object> NONE = Map.of();
    private static final List<Map<String, Object>> documents = new ArrayList<>();

    @BeforeAll
    static void load() throws IOException {
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        try (Stream<Path> files = Files.list(DIR)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (Reader reader = Files.newBufferedReader(file)) {
                    for (Object document : yaml.loadAll(reader)) {
                        assertThat(document).as("a document of %s", file.getFileName()).isInstanceOf(Map.class);
                        documents.add(map(document));
                    }
                }
            }
        }
    }

    @Test
    void theKustomizationListsEveryManifestButTheSecretExample() throws IOException {
        List<Object> resources = list(one("Kustomization", null).get("resources"));
        try (Stream<Path> files = Files.list(DIR)) {
            assertThat(files.map(f -> f.getFileName().toString())
                    .filter(name -> !name.equals("kustomization.yaml") && !name.equals("secret.example.yaml")))
                    .containsExactlyInAnyOrderElementsOf(resources.stream().map(String::valueOf).toList());
        }
    }

    @Test
    void theStatefulSetRunsNonRootServersBehindItsHeadlessService() {
        Map<String, Object> set = one("StatefulSet", "ptyctl");
        Map<String, Object> spec = map(set.get("spec"));
        Map<String, Object> headless = one("Service", String.valueOf(spec.get("serviceName")));
        assertThat(map(headless.get("spec")).get("clusterIP")).isEqualTo("None");
        assertThat(map(headless.get("spec")).get("publishNotReadyAddresses")).isEqualTo(true);
        Map<String, Object> labels = map(map(map(spec.get("template")).get("metadata")).get("labels"));
        assertThat(labels).containsAllEntriesOf(map(map(spec.get("selector")).get("matchLabels")));
        assertThat(labels).containsAllEntriesOf(map(map(headless.get("spec")).get("selector")));
        assertThat(labels).containsAllEntriesOf(map(map(one("Service", "ptyctl").get("spec")).get("selector")));

        Map<String, Object> pod = map(map(spec.get("template")).get("spec"));
        Map<String, Object> security = map(pod.get("securityContext"));
        assertThat(security.get("runAsNonRoot")).isEqualTo(true);
        assertThat((Integer) security.get("runAsUser")).isPositive();
        assertThat((Integer) pod.get("terminationGracePeriodSeconds")).isGreaterThan(2 + 5);
        Map<String, Object> container = map(list(pod.get("containers")).get(0));
        assertThat(map(container.get("securityContext")).get("allowPrivilegeEscalation")).isEqualTo(false);
        assertThat(list(container.get("ports"))).contains(Map.of("name", "http", "containerPort", 8765));
        String args = String.join(" ", list(container.get("args")).stream().map(String::valueOf).toList());
        assertThat(args).contains("PTYCTL_TERMINALS_ID_PREFIX=\"p${HOSTNAME##*-}-\"", "server --host 0.0.0.0",
                "-Dpty4j.tmpdir=", "--enable-native-access=ALL-UNNAMED", "/opt/ptyctl/ptyctl.jar");
        assertThat(map(map(container.get("resources")).get("limits"))).containsKey("memory");
    }

    @Test
    void theProbesAskHelidonsHealthOnTheServersPort() {
        Map<String, Object> container = container();
        Map<String, String> expected = Map.of("startupProbe", "/observe/health/started",
                "readinessProbe", "/observe/health/ready", "livenessProbe", "/observe/health/live");
        expected.forEach((probe, path) -> {
            Map<String, Object> get = map(map(container.get(probe)).get("httpGet"));
            assertThat(get.get("path")).as(probe).isEqualTo(path);
            assertThat(get.get("port")).as(probe).isEqualTo("http");
        });
        Map<String, Object> annotations = map(map(map(map(one("StatefulSet", "ptyctl").get("spec")).get("template"))
                .get("metadata")).get("annotations"));
        assertThat(annotations).containsEntry("prometheus.io/path", "/observe/metrics")
                .containsEntry("prometheus.io/port", "8765");
    }

    @Test
    void theTokenComesFromTheSecretTheExampleShows() throws IOException {
        Map<String, Object> ref = list(container().get("env")).stream().map(KubernetesManifestsTest::map)
                .filter(e -> e.get("name").equals("PTYCTL_TOKEN")).findFirst()
                .map(e -> map(map(e.get("valueFrom")).get("secretKeyRef"))).orElseThrow();
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        Map<String, Object> secret = map(yaml.load(Files.readString(DIR.resolve("secret.example.yaml"))));
        assertThat(map(secret.get("metadata")).get("name")).isEqualTo(ref.get("name"));
        assertThat(map(secret.get("stringData"))).containsKey(String.valueOf(ref.get("key")));
    }

    @Test
    void theRouterSendsATerminalsRequestsToThePodInItsId() {
        String conf = String.valueOf(map(one("ConfigMap", "ptyctl-router").get("data")).get("ptyctl.conf.template"));
        String headless = String.valueOf(map(one("StatefulSet", "ptyctl").get("spec")).get("serviceName"));
        Matcher location = Pattern.compile("location ~ \\^(/v1/terminals/p\\(\\?<ordinal>\\[0-9\\]\\+\\)-) \\{\\s*"
                + "proxy_pass http://ptyctl-\\$ordinal\\." + headless + "\\.").matcher(conf);
        assertThat(location.find()).as(conf).isTrue();
        // nginx's pattern, applied as Java applies the same syntax, to an id a server with prefix p3- makes:
        Matcher id = Pattern.compile("^" + location.group(1)).matcher("/v1/terminals/p3-4f1c2a9be07d5e31/rpc");
        assertThat(id.find()).isTrue();
        assertThat(id.group("ordinal")).isEqualTo("3");
        assertThat(conf).contains("proxy_pass http://ptyctl.${POD_NAMESPACE}.svc.cluster.local:8765;")
                .contains("proxy_set_header Upgrade $http_upgrade;").contains("proxy_read_timeout 3600s;");

        Map<String, Object> router = map(map(one("Deployment", "ptyctl-router").get("spec")).get("template"));
        Map<String, Object> nginx = map(list(map(router.get("spec")).get("containers")).get(0));
        assertThat(list(nginx.get("volumeMounts"))).contains(Map.of("name", "templates",
                "mountPath", "/etc/nginx/templates"));
        assertThat(list(map(router.get("spec")).get("volumes")))
                .contains(Map.of("name", "templates", "configMap", Map.of("name", "ptyctl-router")));
    }

    @Test
    void theIngressPointsAtTheRouter() {
        Map<String, Object> backend = map(map(map(list(map(map(list(map(one("Ingress", "ptyctl").get("spec"))
                .get("rules")).get(0)).get("http")).get("paths")).get(0)).get("backend")).get("service"));
        assertThat(backend.get("name")).isEqualTo("ptyctl-router");
        String port = String.valueOf(map(backend.get("port")).get("name"));
        assertThat(list(map(one("Service", "ptyctl-router").get("spec")).get("ports")).stream()
                .map(p -> map(p).get("name"))).contains(port);
    }

    @Test
    void theImageIsBuiltByMavenAndRunsAsNonRootOnAJre() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("deploy/docker/Dockerfile"));
        List<String> stages = dockerfile.lines().filter(l -> l.startsWith("FROM ")).toList();
        assertThat(stages).containsExactly("FROM eclipse-temurin:25-jdk AS build", "FROM eclipse-temurin:25-jre");
        assertThat(dockerfile).contains("mvn -B -q -pl cli-client -am package -DskipTests")
                .contains("COPY --from=build /src/cli-client/target/ptyctl.jar /opt/ptyctl/ptyctl.jar")
                .contains("COPY --from=build /src/cli-client/target/libs /opt/ptyctl/libs");
        String user = dockerfile.lines().filter(l -> l.startsWith("USER ")).reduce((a, b) -> b).orElseThrow();
        assertThat(user).isEqualTo("USER 10001");
        assertThat(map(map(map(map(one("StatefulSet", "ptyctl").get("spec")).get("template")).get("spec"))
                .get("securityContext")).get("runAsUser")).isEqualTo(10001);
    }

    private static Map<String, Object> container() {
        Map<String, Object> pod = map(map(map(one("StatefulSet", "ptyctl").get("spec")).get("template")).get("spec"));
        return map(list(pod.get("containers")).get(0));
    }

    /** The one document of {@code kind} named {@code name} (any name when null). */
    private static Map<String, Object> one(String kind, String name) {
        List<Map<String, Object>> found = documents.stream().filter(d -> kind.equals(d.get("kind")))
                .filter(d -> name == null || name.equals(map(d.getOrDefault("metadata", NONE)).get("name"))).toList();
        assertThat(found).as("%s %s", kind, name).hasSize(1);
        return found.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value) {
        assertThat(value).isInstanceOf(List.class);
        return (List<Object>) value;
    }
}
