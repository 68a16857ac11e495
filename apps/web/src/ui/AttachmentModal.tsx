import { useEffect, useState } from 'react';
import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { fetchAttachment, type FetchedAttachment } from '../api/files.ts';

interface Props {
  file: { url: string; nome: string };
  onClose: () => void;
}

/** The viewer's modal (AttachmentViewer.tsx loads it when a file is opened). */
export function AttachmentModal({ file, onClose }: Props) {
  return (
    <Modal opened onClose={onClose} title={file.nome} size="80rem" centered>
      <AttachmentContent key={file.url} file={file} />
    </Modal>
  );
}

/**
 * The file in a tab of its own, titled with its name: a blank page of the portal's origin (so its
 * CSP still applies) holding the browser's viewer for a blob of the sniffed type. The blob URL
 * lives as long as the portal's tab, so the new tab can be reloaded.
 */
function openInNewTab(loaded: FetchedAttachment, nome: string) {
  const tab = window.open('', '_blank');
  if (!tab) return;
  const url = URL.createObjectURL(loaded.blob);
  const doc = tab.document;
  doc.title = nome;
  doc.body.style.margin = '0';
  const view = doc.createElement(loaded.viewable === 'application/pdf' ? 'iframe' : 'img');
  view.setAttribute('src', url);
  view.setAttribute(loaded.viewable === 'application/pdf' ? 'title' : 'alt', nome);
  view.setAttribute('style', 'width:100%;height:100vh;border:0;object-fit:contain');
  doc.body.append(view);
}

/** One attachment, fetched once per mount (the key changes with the file). */
function AttachmentContent({ file }: { file: { url: string; nome: string } }) {
  const [loaded, setLoaded] = useState<(FetchedAttachment & { blobUrl: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let blobUrl: string | undefined;
    let cancelled = false;
    fetchAttachment(file.url)
      .then((fetched) => {
        if (cancelled) return;
        blobUrl = URL.createObjectURL(fetched.blob);
        setLoaded({ ...fetched, blobUrl });
      })
      .catch((err: Error) => !cancelled && setFailure(err.message));
    return () => {
      cancelled = true;
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [file.url]);

  if (failure) return <Text c="red.8">{failure}</Text>;
  if (!loaded)
    return (
      <Center h={200}>
        <Loader aria-label="Carregando o arquivo" />
      </Center>
    );
  return (
    <Stack>
      {loaded.viewable === 'application/pdf' ? (
        <iframe
          src={loaded.blobUrl}
          title={`Visualização de ${file.nome}`}
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      ) : loaded.viewable ? (
        <Image src={loaded.blobUrl} alt={file.nome} fit="contain" mah="75vh" />
      ) : (
        <Text size="sm">Este tipo de arquivo não pode ser visualizado aqui; baixe-o para abrir.</Text>
      )}
      <Group justify="flex-end">
        {loaded.viewable && (
          <Button
            variant="default"
            leftSection={<IconExternalLink size={16} />}
            onClick={() => openInNewTab(loaded, file.nome)}
          >
            Abrir em nova aba
          </Button>
        )}
        <Button
          component="a"
          href={loaded.blobUrl}
          download={file.nome}
          variant="light"
          leftSection={<IconDownload size={16} />}
        >
          Baixar
        </Button>
      </Group>
    </Stack>
  );
}
